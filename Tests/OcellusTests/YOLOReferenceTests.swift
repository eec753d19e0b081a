import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// YOLO-layout detectors through ``ObjectDetector`` (letterbox, orientation, decoding,
/// per-class NMS, mapping back to upright pixels) against LiteRT's raw output decoded in NumPy
/// by `tools/make_yolo_references.py` (`Tests/References/yolo_detections.json`): the same
/// detections in the same order, classes and names equal, scores within 1e-4, box edges
/// within 1 px.
@Suite("YOLO detectors against a LiteRT + NumPy decode", .enabled(if: SharedData.isAvailable))
struct YOLOReferenceTests {
  struct Expected: Sendable {
    var classIndex: Int
    var name: String
    var score: Float
    var rect: CGRect
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var model: String
    var labels: String
    var image: String
    var orientation: ImageOrientation
    var size: (width: Int, height: Int)
    var detections: [Expected]
    var testDescription: String { "\(model) on \(image) (\(orientation))" }
  }

  static let cases: [Case] = {
    let url = SharedData.packageRoot.appendingPathComponent(
      "Tests/References/yolo_detections.json")
    guard let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cases = json["cases"] as? [[String: Any]]
    else { return [] }
    let orientations: [String: ImageOrientation] = [
      "up": .up, "down": .down, "left": .left, "right": .right,
    ]
    return cases.compactMap { entry in
      guard let model = entry["model"] as? String, let labels = entry["labels"] as? String,
        let image = entry["image"] as? String,
        let orientation = (entry["orientation"] as? String).flatMap({ orientations[$0] }),
        let width = entry["width"] as? Int, let height = entry["height"] as? Int,
        let detections = entry["detections"] as? [[String: Any]]
      else { return nil }
      return Case(
        model: model, labels: labels, image: image, orientation: orientation,
        size: (width, height), detections: detections.map(expected))
    }
  }()

  static func expected(_ entry: [String: Any]) -> Expected {
    let rect = (entry["rect"] as? [Double]) ?? [0, 0, 0, 0]
    return Expected(
      classIndex: entry["class"] as? Int ?? -1, name: entry["name"] as? String ?? "",
      score: Float(entry["score"] as? Double ?? .nan),
      rect: CGRect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
  }

  /// `name` as the script names it: `shared:` models, bare shared image names, else a path
  /// in the repository.
  static func path(_ name: String, sharedFolder: String) -> String {
    if name.hasPrefix("shared:") {
      return SharedData.path("\(sharedFolder)/" + name.dropFirst("shared:".count))
    }
    if !name.contains("/") { return SharedData.path("images/\(name)") }
    return SharedData.packageRoot.appendingPathComponent(name).path
  }

  @Test("the references cover the shared YOLOv8n exports and the project's YOLO models")
  func coverage() {
    #expect(
      Set(Self.cases.map(\.model)) == [
        "shared:yolov8n_full_integer_quant.tflite", "shared:yolov8n_integer_quant.tflite",
        "Models/digits_yolo.tflite", "Models/digits_yolo_int8.tflite",
      ])
  }

  @Test("ObjectDetector gives the reference detections", arguments: cases)
  func matches(_ reference: Case) throws {
    let labelText = try String(
      contentsOfFile: Self.path(reference.labels, sharedFolder: "models"), encoding: .utf8)
    var options = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true, maxObjectCount: 300,
      detectorModel: try LocalModel(path: Self.path(reference.model, sharedFolder: "models")))
    options.detectorModelOptions.labels = labelText.split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init).filter { !$0.isEmpty }
    let detector = try ObjectDetector(options: options)
    var image = try VisionImage(
      contentsOfFile: Self.path(reference.image, sharedFolder: "images"))
    image.orientation = reference.orientation
    #expect((image.width, image.height) == reference.size)
    let objects = try detector.results(in: image)
    try #require(objects.count == reference.detections.count)
    for (object, expected) in zip(objects, reference.detections) {
      #expect(object.detectorClassIndex == expected.classIndex)
      #expect(object.detectorClassName == expected.name)
      #expect(abs(object.detectionConfidence - expected.score) <= 1e-4)
      let frame = object.displayFrame
      let edges = [
        (frame.minX, expected.rect.minX), (frame.minY, expected.rect.minY),
        (frame.maxX, expected.rect.maxX), (frame.maxY, expected.rect.maxY),
      ]
      #expect(edges.allSatisfy { abs($0.0 - $0.1) <= 1 }, "\(frame) vs \(expected.rect)")
    }
  }
}
