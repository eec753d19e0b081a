import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// `ocellus run` and `ocellus bench`, run as a user runs them.
@Suite("ocellus run and bench", .enabled(if: ToolRunner.executable != nil))
struct RunCommandTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "ocellus-run-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func npy(_ values: [Float], _ shape: [Int], _ name: String) throws -> String {
    try write(
      NumPyArray(type: .float32, shape: shape, data: SingleOpModel.bytes(values)).npyBytes(), name)
  }

  /// An ADD of two broadcast inputs named `a` and `b`.
  func addModel() throws -> String {
    try write(
      SingleOpModel.build(
        builtin: 0, inputs: [.float("a", [2, 1, 3]), .float("b", [1, 2, 1])],
        outputs: [.float("sum", [])]),
      "add.tflite")
  }

  @Test("runs a model on .npy inputs by position and by name and writes .npy outputs")
  func run() throws {
    let model = try addModel()
    let a = try npy([1, -2, 3, 4, 5, -6], [2, 1, 3], "a.npy")
    let b = try npy([10, -10], [1, 2, 1], "b.npy")
    let out = folder.appendingPathComponent("out").path
    for inputs in [["--input", a, "--input", b], ["--input", "b=\(b)", "--input", "a=\(a)"]] {
      let result = try ToolRunner.run(["run", model] + inputs + ["--output-dir", out])
      #expect(result.status == 0, "\(result.standardError)")
      let output = try NumPyArray(
        npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/out0.npy"))))
      #expect(output.shape == [2, 2, 3])
      #expect(output.floats == [11, 8, 13, -9, -12, -7, 14, 15, 4, -6, -5, -16])
    }
  }

  @Test("--dump-tensors writes every computed tensor, named by index and name")
  func dump() throws {
    let model = try addModel()
    let a = try npy([1, -2, 3, 4, 5, -6], [2, 1, 3], "a.npy")
    let b = try npy([10, -10], [1, 2, 1], "b.npy")
    let dump = folder.appendingPathComponent("dump").path
    let result = try ToolRunner.run([
      "run", model, "--input", a, "--input", b, "--output-dir",
      folder.appendingPathComponent("o").path,
      "--dump-tensors", dump,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dump).sorted()
    #expect(files == ["0000_a.npy", "0001_b.npy", "0002_sum.npy"])
  }

  @Test("wrong inputs are refused with a message")
  func badInputs() throws {
    let model = try addModel()
    let wrongType = try write(
      NumPyArray(type: .int32, shape: [2, 1, 3], data: [UInt8](repeating: 0, count: 24)).npyBytes(),
      "i.npy")
    let b = try npy([10, -10], [1, 2, 1], "b.npy")
    let out = folder.appendingPathComponent("o").path
    let typeResult = try ToolRunner.run([
      "run", model, "--input", wrongType, "--input", b, "--output-dir", out,
    ])
    #expect(typeResult.status == 1)
    #expect(typeResult.standardError.contains("holds int32 but input 0 (\"a\") is float32"))
    let missing = try ToolRunner.run(["run", model, "--input", b, "--output-dir", out])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("has 2 input(s); 1 given"))
    let unknownName = try ToolRunner.run(["run", model, "--input", "zz=\(b)", "--output-dir", out])
    #expect(unknownName.standardError.contains("no input named \"zz\""))
    #expect(try ToolRunner.run(["run", model]).status == 2)
  }

  @Test("bench reports load time, latency, arena and peak memory")
  func bench() throws {
    let result = try ToolRunner.run(["bench", try addModel(), "--runs", "5", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(report["runs"] as? Int == 5)
    for key in ["load_ms", "median_ms", "min_ms", "max_ms"] {
      #expect((report[key] as? Double ?? -1) >= 0, "\(key)")
    }
    #expect((report["arena_bytes"] as? Int ?? 0) >= 3 * 48)
    #expect((report["peak_rss_bytes"] as? Int ?? 0) > 1_000_000)
  }

  @Test("bench --profile charges every operator that ran, by name")
  func benchProfile() throws {
    let result = try ToolRunner.run([
      "bench", "Models/digits_detector.tflite", "--runs", "3", "--profile", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let profile = try #require(report["profile"] as? [[String: Any]])
    let names = profile.compactMap { $0["operator"] as? String }
    #expect(names.contains("CONV_2D") && names.contains("CUSTOM:TFLite_Detection_PostProcess"))
    #expect(Set(names).count == names.count)
    #expect(profile.allSatisfy { ($0["nodes"] as? Int ?? 0) >= 1 })
    let times = profile.compactMap { $0["ms_per_run"] as? Double }
    #expect(times.count == profile.count && times == times.sorted(by: >))
    let text = try ToolRunner.run([
      "bench", "Models/digits_detector.tflite", "--runs", "2", "--profile",
    ])
    #expect(text.standardOutput.contains("profile  (ms per run, by operator)"))
  }
}
