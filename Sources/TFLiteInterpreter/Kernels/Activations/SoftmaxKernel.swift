internal import OcellusKernels
import TFLiteModel

/// SOFTMAX on float32 over the last dimension, for any rank ≥ 1: per row,
/// `e_i = exp((x_i - max) · beta)` and `y_i = e_i / Σ e` (the max ignores NaN, as std::max
/// does; the sum runs in eight lanes, as the optimized kernels sum, not in index order). uint8 and int8 inputs are
/// handed to ``QuantizedSoftmaxKernel``, int16 ones to ``Int16SoftmaxKernel``.
struct SoftmaxKernel: Kernel {
  static let sourceFile = #filePath

  private let beta: Float
  private let rows: SoftmaxRows
  /// The kernel build whose `floatFunction` computes the exponentials.
  private let kernels: KernelSet

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.input(0)
    let beta = node.options.decoded(as: SoftmaxOptions.self)?.beta ?? 0
    if input.type == .uint8 || input.type == .int8 {
      return try QuantizedSoftmaxKernel.make(&node, beta: beta)
    }
    if input.type == .int16 {
      return try Int16SoftmaxKernel.make(&node, beta: beta)
    }
    guard try node.inputMatchingOutput().type == .float32 else {
      throw node.unsupported("\(input.type) is not supported (only float32, uint8, int8 and int16)")
    }
    let rows = try SoftmaxRows(input, beta: beta, node)
    try node.setOutputShape(0, input.shape)
    return SoftmaxKernel(beta: beta, rows: rows, kernels: node.kernels)
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    let (depth, beta, exp) = (rows.depth, beta, kernels.entry.floatFunction)
    io.pool.parallelFor(rows.count, minimumChunk: max(1, 8192 / max(depth, 1))) { range in
      for row in range {
        let x = input + row * depth
        let y = output + row * depth
        let maximum = Self.maximum(x, count: depth)
        exp((.scaledExp(shift: maximum, scale: beta), x, y, depth))
        let total = VectorMath.Vector(repeating: Self.sum(y, count: depth))
        VectorMath.map(y, y, count: depth) { $0 / total }
      }
    }
  }

  /// The largest of `count` floats, NaN ignored as `std::max` ignores it
  /// (`-greatestFiniteMagnitude` when there is none), eight lanes at a time.
  static func maximum(_ x: UnsafePointer<Float>, count: Int) -> Float {
    var lanes = VectorMath.Vector(repeating: -.greatestFiniteMagnitude)
    var c = 0
    while c + 8 <= count {
      // A loop of ternaries: one compare and one blend (`pointwiseMax` branches per lane). A
      // NaN `v` compares false and leaves the lane.
      let v = VectorMath.load(x + c)
      for lane in 0..<8 { lanes[lane] = lanes[lane] < v[lane] ? v[lane] : lanes[lane] }
      c += 8
    }
    var result = lanes[0]
    for lane in 1..<8 where result < lanes[lane] { result = lanes[lane] }
    for index in c..<count where result < x[index] { result = x[index] }
    return result
  }

  /// The sum of `count` floats, in eight lanes then across them.
  static func sum(_ y: UnsafePointer<Float>, count: Int) -> Float {
    var lanes = VectorMath.Vector(repeating: 0)
    var c = 0
    while c + 8 <= count {
      lanes += VectorMath.load(y + c)
      c += 8
    }
    var result = lanes.sum()
    for index in c..<count { result += y[index] }
    return result
  }
}
