import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The models coverage-guided fuzzing found (`tools/fuzz run interpreter`, Docs/FUZZING.md),
/// committed in `Tests/FuzzRegressions/interpreter`: each loads as a model, and the interpreter
/// refuses it with an error naming the tensor or node instead of exhausting memory, reading
/// out of bounds or trapping.
@Suite("Fuzz regressions: interpreter")
struct InterpreterFuzzRegressionTests {
  @Test(
    "a fuzz-found model is refused at load, naming the tensor or node",
    arguments: FuzzRegressions.inputs("interpreter"))
  func refusedAtLoad(_ input: FuzzRegressions.Input) throws {
    let model = try ModelFile(bytes: input.bytes)
    do {
      _ = try ModelInterpreter(model: model)
      Issue.record("\(input.name) loaded")
    } catch {
      switch error {
      case .invalidTensor, .invalidNode, .unsupportedNode:
        let description = "\(error)"
        #expect(
          description.hasPrefix("tensor ") || description.hasPrefix("node "),
          "\(input.name): \(error)")
      default:
        Issue.record("\(input.name): \(error)")
      }
    }
  }

  @Test("the committed inputs are there")
  func inputsArePresent() {
    #expect(
      FuzzRegressions.inputs("interpreter").map(\.name) == [
        "constant-size-overflow.tflite", "conv-output-is-its-input.tflite",
        "lstm-hidden-zero-point-64-bit.tflite", "lstm-negative-cell-scale.tflite",
        "resource-variable-10-gb.tflite", "variable-tensor-6-gb.tflite",
      ])
  }
}
