import TFLiteModel

/// LOCAL_RESPONSE_NORMALIZATION on a float32 tensor of rank 4, over the last dimension, as
/// TFLite's reference kernel: `y_c = x_c · (bias + alpha · Σ x_j²)^−beta`, the sum over the
/// channels `j` in `max(0, c − radius) ..< min(depth, c + radius)` in index order (the
/// reference kernel's window, which stops one short of TensorFlow's `c + radius`), the power
/// by the C library's `powf`.
struct LocalResponseNormalizationKernel: Kernel {
  static let sourceFile = #filePath

  private let radius: Int
  private let bias, alpha, beta: Float
  private let rows: LastDimensionRows

  /// The kernel for the node: a float32 input of rank 4 and the operator's options.
  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    guard input.type == .float32 else {
      throw node.unsupported("\(input.type) is not supported (only float32)")
    }
    guard input.shape.count == 4 else {
      throw node.invalid("input must have rank 4, not \(input.shape.count)")
    }
    // Absent options read as TFLite's zero-initialised parameters.
    var (radius, bias, alpha, beta) = (0, Float(0), Float(0), Float(0))
    if let options = node.options.decoded(as: LocalResponseNormalizationOptions.self) {
      (radius, bias, alpha, beta) = (options.radius, options.bias, options.alpha, options.beta)
    }
    try node.setOutputShape(0, input.shape)
    return LocalResponseNormalizationKernel(
      radius: radius, bias: bias, alpha: alpha, beta: beta, rows: try LastDimensionRows(input, node)
    )
  }

  func run(_ io: KernelIO) {
    let (depth, radius, bias, alpha, beta) = (rows.depth, radius, bias, alpha, beta)
    rows.forEach(io, Float.self, elements: 4096) { x, y in
      for c in 0..<depth {
        // The window, empty for a negative radius (Int arithmetic: no int32 radius overflows).
        let begin = max(0, c - radius)
        let end = min(depth, c + radius)
        var sum: Float = 0
        if begin < end {
          for j in begin..<end { sum += x[j] * x[j] }
        }
        y[c] = x[c] * CMath.powf(bias + alpha * sum, -beta)
      }
    }
  }
}
