import Foundation
import OcellusTestSupport
import Testing

/// `ocellus detect` with a YOLO detector and the detector options: `--labels`, `--allow`,
/// `--deny`, `--max-objects`, `--no-classification`, and the detector's class in the text
/// output.
@Suite(
  "ocellus detect: YOLO and detector options",
  .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct DetectorOptionsCommandTests {
  static let yolo = SharedData.path("models/yolov8n_integer_quant.tflite")
  static let labels = SharedData.path("models/coco80_labels.txt")
  static let photo = SharedData.path("images/multi_objects.jpg")

  /// The objects `detect --json` reports with `extra` arguments.
  static func objects(_ extra: [String]) throws -> [[String: Any]] {
    let result = try ToolRunner.run(
      ["detect", photo, "--detector", yolo, "--labels", labels, "--multiple", "--json"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    let documents = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]])
    return try #require(documents.first?["objects"] as? [[String: Any]])
  }

  /// The detector classes of the objects `detect --json` reports with `extra` arguments.
  static func classes(_ extra: [String]) throws -> [String] {
    try objects(extra).map { $0["detector_class"] as? String ?? "?" }
  }

  @Test("--no-classification gives the same boxes without labels; with --classifier it is an error")
  func noClassification() throws {
    let labelled = try Self.objects(["--max-objects", "20"])
    let plain = try Self.objects(["--max-objects", "20", "--no-classification"])
    #expect(plain.count == labelled.count)
    #expect(labelled.contains { !(($0["labels"] as? [Any]) ?? []).isEmpty })
    for (a, b) in zip(labelled, plain) {
      #expect(a["frame"] as? [Double] == b["frame"] as? [Double])
      #expect((b["labels"] as? [Any])?.isEmpty == true)
    }
    let both = try ToolRunner.run([
      "detect", Self.photo, "--detector", Self.yolo, "--no-classification", "--classifier",
      SharedData.path("models/mlkit_object_labeler.tflite"),
    ])
    #expect(both.status == 2)
    #expect(both.standardError.contains("--no-classification"))
  }

  @Test("--max-objects caps the objects (5 by default, as ML Kit)")
  func maxObjects() throws {
    let many = try Self.classes(["--max-objects", "50"])
    #expect(many.count > 5)
    #expect(try Self.classes([]) == Array(many.prefix(5)))
    #expect(try Self.classes(["--max-objects", "2"]) == Array(many.prefix(2)))
  }

  @Test("--allow keeps only the listed classes, --deny drops them, in the same order")
  func allowAndDeny() throws {
    let all = try Self.classes(["--max-objects", "50"])
    #expect(Set(all).isSuperset(of: ["person", "chair"]))
    let allowed = try Self.classes(["--max-objects", "50", "--allow", "person,chair"])
    #expect(allowed == all.filter { $0 == "person" || $0 == "chair" })
    let denied = try Self.classes(["--max-objects", "50", "--deny", "person"])
    #expect(denied == all.filter { $0 != "person" })
  }

  @Test("the text output names each object's detector class; without labels, its index")
  func text() throws {
    let named = try ToolRunner.run([
      "detect", Self.photo, "--detector", Self.yolo, "--labels", Self.labels, "--multiple",
    ])
    #expect(named.status == 0, "\(named.standardError)")
    #expect(named.standardOutput.contains("detector person "))
    let indexed = try ToolRunner.run(["detect", Self.photo, "--detector", Self.yolo, "--multiple"])
    #expect(indexed.status == 0, "\(indexed.standardError)")
    #expect(indexed.standardOutput.contains("detector class 0 "))
  }

  @Test("inspect --as detector describes a YOLO output and its letterbox")
  func inspect() throws {
    let result = try ToolRunner.run(["inspect", Self.yolo, "--as", "detector"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("YOLO yolov8, 8400 boxes × 80 classes"))
    #expect(result.standardOutput.contains("letterbox(border: 114)"))
  }

  @Test("bad detector options are usage errors that say what is wrong")
  func usage() throws {
    let allowWithoutLabels = try ToolRunner.run([
      "detect", Self.photo, "--detector", Self.yolo, "--allow", "person",
    ])
    #expect(allowWithoutLabels.status != 0)
    #expect(allowWithoutLabels.standardError.contains("has no labels"))
    let zero = try ToolRunner.run([
      "detect", Self.photo, "--detector", Self.yolo, "--max-objects", "0",
    ])
    #expect(zero.status == 2)
    #expect(zero.standardError.contains("--max-objects"))
    let layout = try ToolRunner.run([
      "detect", Self.photo, "--detector", Self.yolo, "--layout", "yolov9",
    ])
    #expect(layout.status == 2)
    #expect(layout.standardError.contains("--layout"))
  }
}
