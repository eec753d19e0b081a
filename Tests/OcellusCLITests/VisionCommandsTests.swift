import Foundation
import OcellusTestSupport
import Testing

/// `ocellus label`, `detect` and `track`, run as a user runs them, on the shared photos.
@Suite(
  "ocellus label, detect and track",
  .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct VisionCommandsTests {
  static func json(_ result: ToolRunner.Result) throws -> Any {
    #expect(result.status == 0, "\(result.standardError)")
    return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
  }

  static let detector = SharedData.path("models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite")

  @Test("label: the bird classifier names the sparrow as the reference does")
  func label() throws {
    let report = try #require(
      try Self.json(
        ToolRunner.run([
          "label", SharedData.path("images/sparrow.png"), "--model",
          SharedData.path("models/mlkit_bird_classifier.tflite"), "--json", "--max-results", "3",
        ])) as? [String: Any])
    #expect((report["threshold"] as? Double).map { abs($0 - 0.3) < 1e-6 } == true)
    let images = try #require(report["images"] as? [[String: Any]])
    let labels = try #require(images.first?["labels"] as? [[String: Any]])
    #expect(labels.count >= 1 && labels.count <= 3)
    #expect(labels.first?["text"] as? String == "Lonchura oryzivora (Java Sparrow)")
    #expect(labels.first?["index"] as? Int == 735)
  }

  @Test("label: the AutoML bundle labels the dandelion; a threshold above every score gives none")
  func automl() throws {
    let manifest = SharedData.path("models/automl_flowers_mlkit/manifest.json")
    let image = SharedData.path("images/DandelionFlower.jpg")
    let report = try #require(
      try Self.json(ToolRunner.run(["label", image, "--automl", manifest, "--json"]))
        as? [String: Any])
    let labels = try #require(
      (report["images"] as? [[String: Any]])?.first?["labels"] as? [[String: Any]])
    #expect(labels.first?["text"] as? String == "dandelion")
    let strict = try #require(
      try Self.json(
        ToolRunner.run(["label", image, "--automl", manifest, "--json", "--threshold", "1"]))
        as? [String: Any])
    let none = (strict["images"] as? [[String: Any]])?.first?["labels"] as? [[String: Any]]
    #expect(none?.isEmpty == true)
  }

  @Test(
    "detect: the COCO SSD finds the two dogs of pets.jpg; --annotate writes a PNG of the upright size"
  )
  func detect() throws {
    let annotated = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-detect-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: annotated) }
    let documents = try #require(
      try Self.json(
        ToolRunner.run([
          "detect", SharedData.path("images/pets.jpg"), "--detector", Self.detector, "--multiple",
          "--json",
          "--annotate", annotated.path,
        ])) as? [[String: Any]])
    let objects = try #require(documents.first?["objects"] as? [[String: Any]])
    #expect(objects.count >= 2 && objects.count <= 5)
    #expect(objects.prefix(2).allSatisfy { $0["detector_class"] as? String == "dog" })
    #expect(objects.allSatisfy { $0["tracking_id"] == nil })
    let png = [UInt8](try Data(contentsOf: annotated))
    #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR width and height (big-endian at bytes 16 and 20) equal the reported upright size.
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(
      width == documents.first?["width"] as? Int && height == documents.first?["height"] as? Int)
  }

  @Test("track: the same photo three times keeps the same IDs; one JSON line per frame")
  func track() throws {
    let frame = SharedData.path("images/pets.jpg")
    let result = try ToolRunner.run([
      "track", frame, frame, frame, "--detector", Self.detector, "--json", "--fps", "10",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    let frames = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(frames.map { $0["timestamp_ms"] as? Int } == [0, 100, 200])
    let ids = frames.map {
      ($0["objects"] as? [[String: Any]] ?? []).compactMap { $0["tracking_id"] as? Int }
    }
    #expect(!ids[0].isEmpty)
    #expect(ids[0] == ids[1] && ids[1] == ids[2])
  }

  @Test("usage errors exit with 2 and say what is wrong")
  func usage() throws {
    let result = try ToolRunner.run(["label", "x.png", "--model", "a", "--automl", "b"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("exclude each other"))
    // Classifier options without a classifier (the detector alone gives coarse categories).
    let noClassifier = try ToolRunner.run([
      "detect", "Models/samples/scene_1.png", "--detector", "Models/digits_detector.tflite",
      "--threshold", "0.5",
    ])
    #expect(noClassifier.status == 2)
    #expect(noClassifier.standardError.contains("--threshold applies to a classifier's labels"))
  }
}
