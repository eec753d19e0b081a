/// The one elementwise loop of the binary operators: every output element from its two operand
/// elements, split over threads by output index (so the result cannot depend on the thread
/// count), one flat loop when neither operand is broadcast.
extension Broadcast {
  /// True when both operands have the output's shape (no dimension is broadcast).
  var isFlat: Bool { stridesA == stridesB && !stridesA.contains(0) }

  /// Writes `out[o] = body(a[i], b[j])` for every output element `o` (operand elements `i`, `j`
  /// as the broadcast gives them), over `pool`, in chunks of at least `minimumChunk` outputs.
  @inline(__always)
  func map<A, B, Output>(
    _ a: UnsafePointer<A>, _ b: UnsafePointer<B>, into out: UnsafeMutablePointer<Output>,
    pool: ThreadPool, minimumChunk: Int = 8192, _ body: (A, B) -> Output
  ) {
    let flat = isFlat
    let steps = innerSteps
    // Runs along the innermost dimension get loops the compiler vectorizes when that dimension
    // is long enough to pay for the run bookkeeping.
    let runs = !flat && runLength >= 8
    pool.parallelFor(count, minimumChunk: minimumChunk) { range in
      if flat {
        for o in range { out[o] = body(a[o], b[o]) }
      } else if runs {
        forEachRun(in: range) { o, i, j, count in
          switch steps {
          case (1, 1): for k in 0..<count { out[o &+ k] = body(a[i &+ k], b[j &+ k]) }
          case (1, 0):
            let value = b[j]
            for k in 0..<count { out[o &+ k] = body(a[i &+ k], value) }
          case (0, 1):
            let value = a[i]
            for k in 0..<count { out[o &+ k] = body(value, b[j &+ k]) }
          default:
            for k in 0..<count { out[o &+ k] = body(a[i &+ k &* steps.a], b[j &+ k &* steps.b]) }
          }
        }
      } else {
        forEach(in: range) { o, i, j in out[o] = body(a[i], b[j]) }
      }
    }
  }
}
