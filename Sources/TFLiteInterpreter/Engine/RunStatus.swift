/// How the current invocation is going: kernels that can fail while running (control flow,
/// variables) record their failure here instead of trapping, and the interpreter stops after
/// the node and throws it.
final class RunStatus {
  /// The first failure of this invocation, if any.
  private(set) var failure: InterpreterError?

  /// Records `error` unless an earlier failure is already recorded.
  func fail(_ error: InterpreterError) {
    if failure == nil { failure = error }
  }

  /// Forgets the failure before a new invocation.
  func reset() { failure = nil }
}
