/// The order of a sequence operator's steps: time step by time step, each batch row in turn,
/// with the row of the `[T, B, …]` (time-major) or `[B, T, …]` (batch-major) input and output
/// that each step reads and writes.
enum SequenceSteps {
  /// Calls `body(row, b)` for every step: `row` indexes the step's vector in the input and the
  /// output, `b` is its batch row.
  @inline(__always)
  static func forEach(
    batch: Int, steps: Int, timeMajor: Bool, _ body: (_ row: Int, _ b: Int) -> Void
  ) {
    for t in 0..<steps {
      for b in 0..<batch { body(timeMajor ? t * batch + b : b * steps + t, b) }
    }
  }
}
