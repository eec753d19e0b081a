/// The rows SOFTMAX normalizes, float and quantized alike: the last dimension and the product
/// of the others.
struct SoftmaxRows {
  /// Length of the last dimension.
  let depth: Int
  /// Number of rows (product of the other dimensions).
  let count: Int

  /// The rows of `input`, after the checks both kernels make: rank 1 or more, a finite `beta`.
  init(_ input: TensorDescription, beta: Float, _ node: NodeContext) throws(InterpreterError) {
    guard let depth = input.shape.last else { throw node.invalid("input must have rank 1 or more") }
    guard beta.isFinite else { throw node.invalid("beta \(beta) is not finite") }
    self.depth = depth
    count = depth == 0 ? 0 : input.elementCount / depth
  }
}
