import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel

/// Shared-data helpers for the model-layer tests: paths, `.npy` outputs and reference JSON.
enum ModelValidationFixtures {
  /// The absolute path of a model under `models/`.
  static func model(_ name: String) -> String { SharedData.path("models/" + name) }

  /// A reference array, e.g. `reference/<model>/<image>.out0.npy`.
  static func npy(_ relative: String) throws -> NumPyArray {
    try NumPyArray(npyBytes: SharedData.bytes(relative))
  }

  /// The lines of a label file under `models/`.
  static func labels(_ name: String) throws -> [String] {
    try LabelFile.parse(SharedData.bytes("models/" + name)).labels
  }

  /// One entry of a classifier reference's top 5.
  struct TopEntry {
    var index: Int
    var score: Float
    var label: String?
  }

  /// The top-5 list of output 0 in `reference/<model>/<image>.json`.
  static func top5(model: String, image: String) throws -> [TopEntry] {
    let data = try Data(
      contentsOf: SharedData.root.appendingPathComponent("reference/\(model)/\(image).json"))
    let outputs = try require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let top = try require(outputs.first?["top5"] as? [[String: Any]])
    return try top.map { entry in
      TopEntry(
        index: try require(entry["index"] as? Int),
        score: Float(try require(entry["score"] as? Double)),
        label: entry["label"] as? String)
    }
  }

  /// One detection of a detector reference.
  struct ReferenceDetection {
    var box: [Float]
    var classIndex: Int
    var label: String?
    var score: Float
  }

  /// The detections in `reference/<model>/<image>.json`.
  static func detections(model: String, image: String) throws -> [ReferenceDetection] {
    let data = try Data(
      contentsOf: SharedData.root.appendingPathComponent("reference/\(model)/\(image).json"))
    let root = try require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let list = try require(root["detections"] as? [[String: Any]])
    return try list.map { entry in
      ReferenceDetection(
        box: try require(entry["box_ymin_xmin_ymax_xmax"] as? [Double]).map { Float($0) },
        classIndex: try require(entry["class"] as? Int),
        label: entry["label"] as? String,
        score: Float(try require(entry["score"] as? Double)))
    }
  }

  /// The images a reference folder has outputs for.
  static func referenceImages(model: String) -> [String] {
    let folder = SharedData.root.appendingPathComponent("reference/\(model)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && $0 != "summary.json" }
      .map { String($0.dropLast(5)) }.sorted()
  }

  /// A reference file lacked an expected field.
  struct MissingField: Error {
    var what: String
  }

  /// Unwraps a value in a helper that is not a test (where `#require` cannot be used).
  static func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw MissingField(what: what) }
    return value
  }
}
