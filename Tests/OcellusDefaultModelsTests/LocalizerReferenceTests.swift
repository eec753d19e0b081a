import Foundation
import Imaging
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The built-in object localizer against LiteRT's reference kernels on every shared photo
/// (`Tests/References/localizer_detections.json`, made by
/// `tools/make_localizer_references.py`): its raw outputs bit for bit, then the base detector's
/// boxes equal to those outputs mapped to image pixels by the documented post-processing
/// (BEHAVIOR.md D.1: score strictly above 0.2, whole-pixel boxes clamped to the image,
/// class-agnostic NMS at IoU 0.5), with their scores.
@Suite("Built-in localizer against LiteRT", .enabled(if: SharedData.isAvailable))
struct LocalizerReferenceTests {
  struct Proposal: Equatable {
    var rect: CGRect
    var score: Float
  }

  struct Reference: Sendable, CustomTestStringConvertible {
    var image: String
    var inputSHA256: String
    var boxes: [Float]
    var scores: [Float]
    var count: Int
    var proposals: [(x: Int, y: Int, width: Int, height: Int, score: Float)]
    var testDescription: String { image }
  }

  static let references: [Reference] = {
    let url = SharedData.packageRoot.appendingPathComponent(
      "Tests/References/localizer_detections.json")
    guard let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let images = json["images"] as? [[String: Any]]
    else { return [] }
    return images.compactMap { entry in
      guard let image = entry["image"] as? String, let sha = entry["input_sha256"] as? String,
        let boxes = entry["boxes"] as? [[Double]], let scores = entry["scores"] as? [Double],
        let count = entry["count"] as? Int, let proposals = entry["proposals"] as? [[String: Any]]
      else { return nil }
      return Reference(
        image: image, inputSHA256: sha, boxes: boxes.joined().map { Float($0) },
        scores: scores.map { Float($0) }, count: count,
        proposals: proposals.map {
          (
            $0["x"] as? Int ?? -1, $0["y"] as? Int ?? -1, $0["width"] as? Int ?? -1,
            $0["height"] as? Int ?? -1, Float($0["score"] as? Double ?? -1)
          )
        })
    }
  }()

  @Test("every shared photo has a reference")
  func coverage() throws {
    let photos = try FileManager.default.contentsOfDirectory(atPath: SharedData.path("images"))
      .filter { [".jpg", ".png", ".bmp"].contains(where: $0.hasSuffix) }
    #expect(Set(Self.references.map(\.image)) == Set(photos))
  }

  @Test("raw outputs equal LiteRT's reference kernels", arguments: references)
  func rawOutputs(_ reference: Reference) throws {
    let model = try DefaultModels.builtInModels().objectLocalizer.model
    let interpreter = try ModelInterpreter(model: model)
    let image = try VisionImage(contentsOfFile: SharedData.path("images/" + reference.image))
    let input = try TensorPacker.pack(
      image: image.image, orientation: image.orientation,
      spec: TensorPackingSpec(elementType: .uint8, width: 192, height: 192))
    #expect(SHA256.hex(input) == reference.inputSHA256, "input bytes")
    try interpreter.setInput(at: 0, bytes: input)
    try interpreter.invoke()
    let boxes = try Self.floats(interpreter.outputBytes(at: 0))
    let scores = try Self.floats(interpreter.outputBytes(at: 2))
    let count = try Self.floats(interpreter.outputBytes(at: 3))
    #expect(count == [Float(reference.count)])
    #expect(boxes.prefix(reference.count * 4).elementsEqual(reference.boxes))
    #expect(scores.prefix(reference.count).elementsEqual(reference.scores))
  }

  @Test("the base detector's boxes are LiteRT's outputs mapped to pixels", arguments: references)
  func baseDetectorBoxes(_ reference: Reference) throws {
    let options = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true, maxObjectCount: 100,
      builtInModels: try DefaultModels.builtInModels())
    let detector = try ObjectDetector(options: options)
    let image = try VisionImage(contentsOfFile: SharedData.path("images/" + reference.image))
    let objects = try detector.results(in: image)
    let expected = reference.proposals.map {
      Proposal(rect: CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height), score: $0.score)
    }
    #expect(objects.map { Proposal(rect: $0.frame, score: $0.detectionConfidence) } == expected)
    #expect(!expected.isEmpty)
  }

  static func floats(_ bytes: [UInt8]) -> [Float] {
    stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
      Float(
        bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
          | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24)
    }
  }
}
