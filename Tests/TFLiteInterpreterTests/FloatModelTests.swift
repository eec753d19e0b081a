import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Every float32 model in `../shared/models`, fed the exact input LiteRT was fed, reproduces
/// LiteRT 2.3.0's outputs (`../shared/reference/<model>/<image>.out<i>.npy`).
@Suite("Float models against LiteRT", .enabled(if: SharedData.isAvailable))
struct FloatModelTests {
  /// (reference folder, image) pairs of every model whose input is float32.
  static var cases: [String] {
    guard SharedData.isAvailable,
      let folders = try? FileManager.default.contentsOfDirectory(
        atPath: SharedData.path("reference"))
    else { return [] }
    var result: [String] = []
    for folder in folders.sorted() {
      guard let summary = try? SharedData.bytes("reference/\(folder)/summary.json"),
        let json = try? JSONSerialization.jsonObject(with: Data(summary)) as? [String: Any],
        let inputs = json["input"] as? [[String: Any]],
        inputs.first?["dtype"] as? String == "float32",
        let files = try? FileManager.default.contentsOfDirectory(
          atPath: SharedData.path("reference/\(folder)"))
      else { continue }
      for file in files.sorted() where file.hasSuffix(".input.npy") {
        result.append("\(folder)/\(file.dropLast(".input.npy".count))")
      }
    }
    return result
  }

  @Test("float models cover the shared set")
  func coverage() {
    #expect(Self.cases.count >= 8, "\(Self.cases)")
  }

  @Test("outputs within 1e-4 of LiteRT, same top-1", arguments: cases)
  func matchesLiteRT(testCase: String) throws {
    let folder = String(testCase.split(separator: "/")[0])
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(SharedData.bytes("reference/\(folder)/summary.json")))
        as? [String: Any])
    let file = try #require(summary["model"] as? String)
    let model = try ModelFile(contentsOfFile: SharedData.path("models/\(file)"))
    let interpreter = try ModelInterpreter(model: model)
    let input = try NumPyArray(npyBytes: SharedData.bytes("reference/\(testCase).input.npy"))
    #expect(try interpreter.input(at: 0).shape == input.shape)
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    for position in 0..<interpreter.outputCount {
      let expected = try NumPyArray(
        npyBytes: SharedData.bytes("reference/\(testCase).out\(position).npy"))
      let output = try interpreter.output(at: position)
      #expect(output.shape == expected.shape)
      let actual = try interpreter.outputFloats(at: position)
      let reference = try #require(expected.floats)
      let difference = zip(actual, reference).map { abs($0 - $1) }.max() ?? .infinity
      #expect(difference <= 1e-4, "max |difference| \(difference)")
      let top = actual.indices.max { actual[$0] < actual[$1] }
      let referenceTop = reference.indices.max { reference[$0] < reference[$1] }
      #expect(top == referenceTop)
    }
  }
}

extension FloatModelTests {
  @Test("a real model gives bit-identical outputs for 1, 2 and 3 threads")
  func threadCountDoesNotChangeResults() throws {
    guard let testCase = Self.cases.first else { return }
    let folder = String(testCase.split(separator: "/")[0])
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(SharedData.bytes("reference/\(folder)/summary.json")))
        as? [String: Any])
    let model = try ModelFile(
      contentsOfFile: SharedData.path("models/\(try #require(summary["model"] as? String))"))
    let input = try NumPyArray(npyBytes: SharedData.bytes("reference/\(testCase).input.npy"))
    var outputs: [[UInt8]] = []
    for threads in [1, 2, 3] {
      let interpreter = try ModelInterpreter(
        model: model, options: InterpreterOptions(threadCount: threads))
      try interpreter.setInput(at: 0, bytes: input.data)
      try interpreter.invoke()
      outputs.append(try interpreter.outputBytes(at: 0))
    }
    #expect(outputs[1] == outputs[0])
    #expect(outputs[2] == outputs[0])
  }
}
