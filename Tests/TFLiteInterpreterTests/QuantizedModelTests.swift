import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Every quantized model in `../shared/models`, fed the exact input LiteRT was fed, gives the
/// bytes LiteRT 2.3.0's reference kernels give (`../shared/reference/<model>/ref/`): classifiers
/// byte for byte; SSD detectors the same detections (class, score, box within 1e-5), compared
/// as sets because the order of equal scores is not specified.
@Suite("Quantized models against LiteRT's reference kernels", .enabled(if: SharedData.isAvailable))
struct QuantizedModelTests {
  /// One reference case: the reference folder, the model file it names, the image, and its kind.
  struct Case: Sendable, CustomStringConvertible {
    var folder: String
    var model: String
    var image: String
    var isDetector: Bool
    var description: String { "\(model) / \(image)" }
  }

  static var cases: [Case] {
    guard SharedData.isAvailable,
      let folders = try? FileManager.default.contentsOfDirectory(
        atPath: SharedData.path("reference"))
    else { return [] }
    var result: [Case] = []
    for folder in folders.sorted() {
      guard let summary = try? SharedData.bytes("reference/\(folder)/summary.json"),
        let json = try? JSONSerialization.jsonObject(with: Data(summary)) as? [String: Any],
        let inputs = json["input"] as? [[String: Any]],
        let type = inputs.first?["dtype"] as? String,
        type == "uint8" || type == "int8", let model = json["model"] as? String,
        let files = try? FileManager.default.contentsOfDirectory(
          atPath: SharedData.path("reference/\(folder)"))
      else { continue }
      let detector = json["kind"] as? String == "det"
      for file in files.sorted() where file.hasSuffix(".input.npy") {
        let image = String(file.dropLast(".input.npy".count))
        result.append(Case(folder: folder, model: model, image: image, isDetector: detector))
        // The same graph and weights with other metadata: the same reference applies.
        let variant =
          detector && model.hasPrefix("coco_ssd") && !model.contains("score_calibration")
          ? "_no_metadata"
          : model == "mobilenet_v1_0.25_224_quant.tflite" ? "_without_subgraph_metadata" : nil
        if let variant {
          result.append(
            Case(
              folder: folder,
              model: model.replacingOccurrences(of: ".tflite", with: "\(variant).tflite"),
              image: image, isDetector: detector))
        }
      }
    }
    return result
  }

  @Test("the quantized models cover the shared set")
  func coverage() {
    let models = Set(Self.cases.map(\.model))
    #expect(models.count >= 13, "\(models.sorted())")
  }

  @Test("outputs match the reference kernels", arguments: cases)
  func matchesReference(testCase: Case) throws {
    let model = try ModelFile(contentsOfFile: SharedData.path("models/\(testCase.model)"))
    let interpreter = try ModelInterpreter(model: model)
    let input = try NumPyArray(
      npyBytes: SharedData.bytes("reference/\(testCase.folder)/\(testCase.image).input.npy"))
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    let references = try (0..<interpreter.outputCount).map { position in
      try NumPyArray(
        npyBytes: SharedData.bytes(
          "reference/\(testCase.folder)/ref/\(testCase.image).out\(position).npy"))
    }
    if testCase.isDetector {
      try compareDetections(interpreter, references)
    } else {
      for (position, reference) in references.enumerated() {
        let output = try interpreter.outputBytes(at: position)
        #expect(try interpreter.output(at: position).shape == reference.shape)
        let differing = zip(output, reference.data).filter { $0 != $1 }.count
        #expect(output.count == reference.data.count)
        #expect(differing == 0, "\(differing) of \(output.count) elements differ")
      }
    }
  }

  /// A detection: class, score and box (ymin, xmin, ymax, xmax).
  struct Detection {
    var category: Float
    var score: Float
    var box: [Float]
  }

  static func detections(boxes: [Float], classes: [Float], scores: [Float], count: Float)
    -> [Detection]
  {
    (0..<Int(count)).map {
      Detection(
        category: classes[$0], score: scores[$0], box: Array(boxes[(4 * $0)..<(4 * $0 + 4)]))
    }
  }

  private func compareDetections(_ interpreter: ModelInterpreter, _ references: [NumPyArray]) throws
  {
    #expect(interpreter.outputCount == 4)
    let ours = Self.detections(
      boxes: try interpreter.outputFloats(at: 0), classes: try interpreter.outputFloats(at: 1),
      scores: try interpreter.outputFloats(at: 2), count: try interpreter.outputFloats(at: 3)[0])
    let theirs = Self.detections(
      boxes: try #require(references[0].floats), classes: try #require(references[1].floats),
      scores: try #require(references[2].floats), count: try #require(references[3].floats)[0])
    #expect(ours.count == theirs.count)
    var unmatched = ours
    for reference in theirs {
      let match = unmatched.firstIndex {
        $0.category == reference.category && $0.score == reference.score
          && zip($0.box, reference.box).allSatisfy { abs($0 - $1) <= 1e-5 }
      }
      if let match {
        unmatched.remove(at: match)
      } else {
        Issue.record(
          "no match for class \(reference.category) score \(reference.score) box \(reference.box)")
      }
    }
    // Scores in descending order.
    #expect(zip(ours, ours.dropFirst()).allSatisfy { $0.score >= $1.score })
  }
}
