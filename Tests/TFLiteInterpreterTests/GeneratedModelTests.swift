import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The project's own small models (`Tests/Models`, made by `tools/make_test_models.py`: one
/// or a few operators each, in every type LiteRT supports them in) against LiteRT 2.3.0's
/// outputs on the same inputs.
///
/// `compare: exact` entries must match byte for byte (integer kernels follow TFLite's
/// reference arithmetic); `relative` entries (float math) must be within `tolerance` of the
/// reference, relative to the largest reference magnitude of that output (at least 1).
@Suite("Generated operator models against LiteRT")
struct GeneratedModelTests {
  /// One entry of a family's `manifest.json`.
  struct Entry: Sendable, CustomTestStringConvertible {
    var id: String
    var model: String
    var inputs: Int
    var outputs: Int
    var exact: Bool
    var tolerance: Double
    /// Invocations with the same inputs; outputs of each are compared (stateful models).
    var invocations: Int
    /// For a malformed model: the text its error must contain, and whether loading (false) or
    /// running (true) must fail.
    var error: String?
    var errorWhenRunning: Bool
    /// `InterpreterOptions.maxLoopIterations` to run with (0: the default).
    var maxLoopIterations: Int
    var testDescription: String { id }
  }

  static let folder = SharedData.packageRoot.appendingPathComponent("Tests/Models")

  /// Every family's entries (`Tests/Models/<family>/manifest.json`), in family order.
  static let entries: [Entry] = {
    let families =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
    return families.flatMap { family -> [Entry] in
      let url = folder.appendingPathComponent(family).appendingPathComponent("manifest.json")
      guard let data = try? Data(contentsOf: url),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let models = json["models"] as? [[String: Any]]
      else { return [] }
      return models.compactMap(entry)
    }
  }()

  /// One manifest entry, or nil when a field is missing.
  static func entry(_ json: [String: Any]) -> Entry? {
    guard let id = json["id"] as? String, let model = json["model"] as? String,
      let inputs = json["inputs"] as? Int, let outputs = json["outputs"] as? [Any]
    else { return nil }
    return Entry(
      id: id, model: model, inputs: inputs, outputs: outputs.count,
      exact: json["compare"] as? String != "relative",
      tolerance: json["tolerance"] as? Double ?? 0, invocations: json["invocations"] as? Int ?? 1,
      error: json["error"] as? String, errorWhenRunning: json["error_at"] as? String == "invoke",
      maxLoopIterations: json["max_loop_iterations"] as? Int ?? 0)
  }

  @Test("the manifest lists the generated models")
  func manifestIsRead() {
    #expect(!Self.entries.isEmpty)
  }

  @Test("outputs match LiteRT", arguments: entries.filter { $0.error == nil })
  func matchesLiteRT(_ entry: Entry) throws {
    let base = Self.folder.appendingPathComponent(entry.model).deletingPathExtension().path
    let interpreter = try Self.interpreter(entry)
    for position in 0..<entry.inputs {
      let array = try NumPyArray(
        npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(base).in\(position).npy"))))
      try interpreter.setInput(at: position, bytes: array.data)
    }
    for call in 1...entry.invocations {
      try interpreter.invoke()
      let suffix = call == 1 ? "" : ".call\(call)"
      for position in 0..<entry.outputs {
        let reference = try NumPyArray(
          npyBytes: [UInt8](
            Data(contentsOf: URL(fileURLWithPath: "\(base).ref\(position)\(suffix).npy"))))
        try Self.check(interpreter, position, reference, entry, "invocation \(call)")
      }
    }
  }

  @Test("malformed models fail with a typed error", arguments: entries.filter { $0.error != nil })
  func refusesMalformed(_ entry: Entry) throws {
    let expected = try #require(entry.error)
    guard entry.errorWhenRunning else {
      #expect {
        _ = try Self.interpreter(entry)
      } throws: { error in
        "\(error)".contains(expected)
      }
      return
    }
    let interpreter = try Self.interpreter(entry)
    let base = Self.folder.appendingPathComponent(entry.model).deletingPathExtension().path
    for position in 0..<entry.inputs {
      let array = try NumPyArray(
        npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(base).in\(position).npy"))))
      try interpreter.setInput(at: position, bytes: array.data)
    }
    #expect {
      try interpreter.invoke()
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  /// The interpreter of `entry`'s model, with its loop limit.
  static func interpreter(_ entry: Entry) throws -> ModelInterpreter {
    var options = InterpreterOptions()
    if entry.maxLoopIterations > 0 { options.maxLoopIterations = entry.maxLoopIterations }
    return try ModelInterpreter(
      model: try ModelFile(contentsOfFile: folder.appendingPathComponent(entry.model).path),
      options: options)
  }

  /// Compares output `position` with `reference`: type, shape, then bytes or relative error.
  static func check(
    _ interpreter: ModelInterpreter, _ position: Int, _ reference: NumPyArray, _ entry: Entry,
    _ what: String
  ) throws {
    let spec = try interpreter.output(at: position)
    #expect(spec.type == reference.type, "\(what), output \(position) type")
    #expect(spec.shape == reference.shape, "\(what), output \(position) shape")
    let actual = try interpreter.outputBytes(at: position)
    if entry.exact || reference.type != .float32 {
      #expect(actual == reference.data, "\(what), output \(position) differs from LiteRT")
    } else {
      let error = GeneratedModelTolerance.relativeError(actual, reference.data)
      #expect(error <= entry.tolerance, "\(what), output \(position): relative error \(error)")
    }
  }
}
