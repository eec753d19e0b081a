import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// UNIDIRECTIONAL_SEQUENCE_LSTM keeps its output and cell states in variable tensors, which
/// persist across invokes as in TFLite: a second invoke continues from the first one's final
/// states, and a new interpreter starts from zero states again (int8 states at their zero
/// point).
@Suite("UNIDIRECTIONAL_SEQUENCE_LSTM state across invokes")
struct SequenceLSTMStateTests {
  @Test(
    "the states persist across invokes and start from zero",
    arguments: [
      "recurrent/lstm_float32", "recurrent/lstm_hybrid_asymmetric", "recurrent/lstm_int8",
    ])
  func statePersists(_ name: String) throws {
    let base = GeneratedModelTests.folder.appendingPathComponent(name)
    let file = try ModelFile(contentsOfFile: base.path + ".tflite")
    func load(_ suffix: String) throws -> NumPyArray {
      try NumPyArray(npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: base.path + suffix))))
    }
    let (input, reference) = (try load(".in0.npy"), try load(".ref0.npy"))
    let interpreter = try ModelInterpreter(model: file)
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    let first = try interpreter.outputBytes(at: 0)
    try interpreter.invoke()
    let second = try interpreter.outputBytes(at: 0)
    #expect(second != first, "the second invoke starts from the first one's states")
    let fresh = try ModelInterpreter(model: file)
    try fresh.setInput(at: 0, bytes: input.data)
    try fresh.invoke()
    #expect(try fresh.outputBytes(at: 0) == first)
    if reference.type != .float32 {
      #expect(first == reference.data, "the first invoke starts from zero states, as LiteRT")
    }
  }
}
