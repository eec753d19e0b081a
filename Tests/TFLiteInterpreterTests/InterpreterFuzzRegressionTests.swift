import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The models coverage-guided fuzzing found (`tools/fuzz run interpreter`, Docs/FUZZING.md),
/// committed in `Tests/FuzzRegressions/interpreter`: each loads as a model, and the interpreter
/// refuses it with an error naming the tensor instead of exhausting memory or trapping.
@Suite("Fuzz regressions: interpreter")
struct InterpreterFuzzRegressionTests {
  @Test(
    "a fuzz-found model is refused at load with a tensor error",
    arguments: FuzzRegressions.inputs("interpreter"))
  func refusedAtLoad(_ input: FuzzRegressions.Input) throws {
    let model = try ModelFile(bytes: input.bytes)
    do {
      _ = try ModelInterpreter(model: model)
      Issue.record("\(input.name) loaded")
    } catch {
      guard case .invalidTensor(_, _, let reason) = error else {
        Issue.record("\(input.name): \(error)")
        return
      }
      #expect(reason.contains("tensor limit"), "\(input.name): \(reason)")
    }
  }

  @Test("the committed inputs are there")
  func inputsArePresent() {
    #expect(
      FuzzRegressions.inputs("interpreter").map(\.name).contains("variable-tensor-6-gb.tflite"))
  }
}
