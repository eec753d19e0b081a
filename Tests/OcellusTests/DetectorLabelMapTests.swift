import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// Detector class names from every label source (metadata, an AutoML `dict.txt` with its
/// background row, a TensorFlow label map starting with `???`), and a YOLO detector in stream
/// mode with a custom classifier on its crops.
@Suite("Detector label maps and YOLO tracking")
struct DetectorLabelMapTests {
  static let models = SharedData.packageRoot.appendingPathComponent("Models")
  static let digits = (0...9).map(String.init)

  /// The detector class names found on the first sample scene with `labels` (nil: metadata).
  static func digitNames(labels: [String]?) throws -> (names: [String], notes: [String]) {
    let model = try LocalModel(
      path: models.appendingPathComponent("digits_detector.tflite").path)
    var options = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true, detectorModel: model)
    options.detectorModelOptions.labels = labels
    let description = try model.detectorDescription(options: options.detectorModelOptions)
    let image = try VisionImage(
      contentsOfFile: models.appendingPathComponent("samples/scene_1.png").path)
    let names = try ObjectDetector(options: options).results(in: image).map(\.detectorClassName)
    return (names, description.notes)
  }

  @Test("a background first row (AutoML dict.txt, ???) is skipped: boxes keep their own names")
  func backgroundRow() throws {
    let metadata = try Self.digitNames(labels: nil)
    #expect(!metadata.names.isEmpty)
    #expect(metadata.names.allSatisfy { Self.digits.contains($0) })
    for first in ["background", "???"] {
      let file = try Self.digitNames(labels: [first] + Self.digits)
      #expect(file.names == metadata.names)
      #expect(file.notes.contains { $0.contains("is the background: skipped") })
    }
    // Exactly as many labels as classes: nothing is skipped.
    let plain = try Self.digitNames(labels: Self.digits.map { "digit \($0)" })
    #expect(plain.names == metadata.names.map { "digit \($0)" })
  }

  @Test("too few detector labels are a typed validation error naming the counts")
  func tooFewLabels() throws {
    do {
      _ = try Self.digitNames(labels: ["0", "1"])
      Issue.record("two labels for ten classes were accepted")
    } catch let error as ModelValidationError {
      #expect("\(error)".contains("10"))
    }
  }

  @Test(
    "YOLO in stream mode with a custom classifier: stable IDs, COCO names, classifier labels",
    .enabled(if: SharedData.isAvailable))
  func yoloTracking() throws {
    var base = ObjectDetectorOptions(
      detectorMode: .stream, shouldEnableMultipleObjects: true, shouldEnableClassification: true,
      detectorModel: try LocalModel(path: SharedData.path("models/yolov8n_integer_quant.tflite")))
    base.detectorModelOptions.labels = try String(
      contentsOfFile: SharedData.path("models/coco80_labels.txt"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    var options = CustomObjectDetectorOptions(
      localModel: try LocalModel(
        path: SharedData.path("models/mobilenet_v1_0.25_224_1_metadata_1.tflite")),
      base: base)
    options.classificationConfidenceThreshold = 0
    let detector = try ObjectDetector(options: options)
    var frames: [[DetectedObject]] = []
    for index in 0..<3 {
      var image = try VisionImage(contentsOfFile: SharedData.path("images/pets.jpg"))
      image.timestampMilliseconds = Int64(index * 100)
      frames.append(try detector.results(in: image))
    }
    let ids = frames.map { $0.compactMap(\.trackingID) }
    #expect(ids[0].count == 2)
    #expect(ids[0] == ids[1] && ids[1] == ids[2])
    #expect(frames[0].allSatisfy { $0.detectorClassName == "dog" })
    #expect(frames[0].allSatisfy { !$0.labels.isEmpty })
  }
}
