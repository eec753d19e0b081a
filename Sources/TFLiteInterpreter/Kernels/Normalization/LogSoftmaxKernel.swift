import TFLiteModel

/// LOG_SOFTMAX on float32 over the last dimension, for any rank ≥ 1, as TFLite's reference
/// kernel: per row, `y_i = (x_i − max) − ln Σ exp(x_j − max)`, the sum taken in index order with
/// the C library's `expf` and `logf` (the max ignores NaN, as std::max does). uint8 and int8
/// inputs are handed to ``QuantizedLogSoftmaxKernel``.
struct LogSoftmaxKernel: Kernel {
  static let sourceFile = #filePath

  private let rows: LastDimensionRows

  /// The kernel for the node: this kernel for float32, a ``QuantizedLogSoftmaxKernel`` for
  /// uint8 and int8.
  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    let rows = try LastDimensionRows(input, node)
    switch input.type {
    case .float32:
      try node.setOutputShape(0, input.shape)
      return LogSoftmaxKernel(rows: rows)
    case .uint8, .int8:
      return try QuantizedLogSoftmaxKernel.make(&node, rows: rows)
    default:
      throw node.unsupported("\(input.type) is not supported (only float32, uint8 and int8)")
    }
  }

  func run(_ io: KernelIO) {
    let depth = rows.depth
    rows.forEach(io, Float.self) { x, y in
      var maximum = -Float.greatestFiniteMagnitude
      for c in 0..<depth where maximum < x[c] { maximum = x[c] }
      var sum: Float = 0
      for c in 0..<depth { sum += CMath.expf(x[c] - maximum) }
      let logSum = CMath.logf(sum)
      for c in 0..<depth { y[c] = x[c] - maximum - logSum }
    }
  }
}
