/// A tensor seen as rows along its last dimension, as the normalizing operators (LOG_SOFTMAX,
/// L2_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION) work on it: `rows` runs of `depth`
/// contiguous elements.
struct LastDimensionRows {
  /// Length of the last dimension.
  let depth: Int
  /// Number of rows (the product of the other dimensions; 0 when any dimension is 0).
  let rows: Int

  /// The rows of `tensor`; throws (naming the node) for a scalar.
  init(_ tensor: TensorDescription, _ node: NodeContext) throws(InterpreterError) {
    guard let depth = tensor.shape.last else {
      throw node.invalid("input must have rank 1 or more")
    }
    self.depth = depth
    rows = depth == 0 ? 0 : tensor.elementCount / depth
  }

  /// Calls `body(x, y)` with every row of input 0 (`x`, as `T`) and the same row of output 0
  /// (`y`), split over the threads in chunks of whole rows of about `elements` elements (one
  /// row at least), so no row is split between threads.
  @inline(__always)
  func forEach<T>(
    _ io: KernelIO, _: T.Type, elements: Int = 8192,
    _ body: (UnsafePointer<T>, UnsafeMutablePointer<T>) -> Void
  ) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let depth = self.depth
    io.pool.parallelFor(rows, minimumChunk: max(1, elements / max(depth, 1))) { range in
      for row in range { body(input + row * depth, output + row * depth) }
    }
  }
}
