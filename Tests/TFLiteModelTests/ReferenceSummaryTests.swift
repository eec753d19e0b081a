import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// The reader agrees with LiteRT 2.3.0 about every referenced model's inputs and outputs
/// (`../shared/reference/*/summary.json`): shape, element type and quantization.
@Suite("LiteRT reference summaries", .enabled(if: SharedData.isAvailable))
struct ReferenceSummaryTests {
  static var referenceFolders: [String] {
    guard SharedData.isAvailable,
      let names = try? FileManager.default.contentsOfDirectory(atPath: SharedData.path("reference"))
    else { return [] }
    return names.filter {
      FileManager.default.fileExists(atPath: SharedData.path("reference/\($0)/summary.json"))
    }.sorted()
  }

  @Test("every shared reference is checked")
  func coverage() {
    #expect(Self.referenceFolders.count >= 13, "\(Self.referenceFolders)")
  }

  @Test("inputs and outputs match LiteRT", arguments: referenceFolders)
  func matchesLiteRT(folder: String) throws {
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(SharedData.bytes("reference/\(folder)/summary.json")))
        as? [String: Any])
    let file = try #require(summary["model"] as? String)
    let model = try ModelFile(contentsOfFile: SharedData.path("models/\(file)"))
    let main = model.mainSubgraph
    let inputs = try #require(summary["input"] as? [[String: Any]])
    let outputs = try #require(summary["outputs"] as? [[String: Any]])
    #expect(main.inputs.count == inputs.count)
    #expect(main.outputs.count == outputs.count)
    for (tensor, reference) in zip(main.inputTensors, inputs) {
      try check(tensor, reference, model: model)
    }
    for (tensor, reference) in zip(main.outputTensors, outputs) {
      try check(tensor, reference, model: model)
    }
  }

  private func check(_ tensor: ModelTensor, _ reference: [String: Any], model: ModelFile) throws {
    #expect(tensor.name == reference["name"] as? String)
    #expect(tensor.type.description == reference["dtype"] as? String, "\(tensor.name)")
    let quant = try #require(reference["quant"] as? [Any])
    let scale = try #require(quant.first as? Double)
    let zeroPoint = try #require(quant.last as? Int)
    #expect(
      Double(tensor.quantization?.scales.first ?? 0) == Double(Float(scale)), "\(tensor.name)")
    #expect(tensor.quantization?.zeroPoints.first ?? 0 == Int64(zeroPoint), "\(tensor.name)")
    let shape = try #require(reference["shape"] as? [Int])
    if tensor.shape.isEmpty, let detection = try detectionOutputShapes(model) {
      // TFLite_Detection_PostProcess outputs are left unshaped in the file; the op sizes them
      // from its options: boxes [1, N, 4], classes and scores [1, N], count [1].
      #expect(detection.contains(shape), "\(tensor.name): \(shape)")
    } else {
      #expect(tensor.shape == shape, "\(tensor.name)")
    }
  }

  /// The output shapes the detection post-processing op gives, from its custom options.
  private func detectionOutputShapes(_ model: ModelFile) throws -> [[Int]]? {
    guard
      let op = model.mainSubgraph.operators.first(where: {
        model.operatorCode(of: $0).customCode == DetectionPostProcessOptions.customCode
      }), let bytes = op.customOptions
    else { return nil }
    let options = try DetectionPostProcessOptions(customOptions: bytes)
    let rows = options.maxDetections * options.maxClassesPerDetection
    return [[1, rows, 4], [1, rows], [1]]
  }
}
