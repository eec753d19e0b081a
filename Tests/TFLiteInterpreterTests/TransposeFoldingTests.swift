import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The plan's removal of transposes that cancel (`Tests/Models/transposes`, made by
/// `tools/make_test_models.py --only transposes`): every output byte-identical with the rewrite
/// on and off, and only the cancelling transposes gone. Their match with LiteRT is
/// `GeneratedModelTests`'.
@Suite("Transposes that cancel are removed at load")
struct TransposeFoldingTests {
  /// Each model and the TRANSPOSE nodes its plan keeps with the rewrite on.
  static let models: [(name: String, kept: Int)] = [
    ("pair_float32", 0), ("pair_int8", 0), ("pair_uint8", 0), ("sandwich_float32", 0),
    ("sandwich_int8", 0), ("chain_float32", 0), ("requantized_int8", 0),
    ("not_inverse_float32", 2), ("read_twice_int8", 2),
  ]

  @Test("outputs are byte-identical with and without the rewrite", arguments: 0..<9)
  func identical(_ index: Int) throws {
    let (name, kept) = Self.models[index]
    let base = SharedData.packageRoot.appendingPathComponent("Tests/Models/transposes/\(name)")
    let model = try ModelFile(contentsOfFile: base.path + ".tflite")
    let input = try NumPyArray(
      npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: base.path + ".in0.npy"))))
    var results: [[[UInt8]]] = []
    for rewrites in [true, false] {
      let interpreter = try ModelInterpreter(
        model: model, options: InterpreterOptions(rewritesGraph: rewrites))
      try interpreter.setInput(at: 0, bytes: input.data)
      try interpreter.invoke()
      results.append(try (0..<interpreter.outputCount).map { try interpreter.outputBytes(at: $0) })
      let transposes = interpreter.nodeKernels.filter {
        model.operatorCode(of: model.subgraphs[0].operators[$0.node]).name == "TRANSPOSE"
      }.count
      #expect(transposes == (rewrites ? kept : 2), "\(name), rewrites \(rewrites)")
    }
    #expect(results[0] == results[1], "\(name)")
  }
}
