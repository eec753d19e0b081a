import TFLiteModel

/// SOFTMAX on int16 over the last dimension (output scale 2^-15 within 0.1%, zero point 0),
/// bit for bit TFLite's `reference_ops::SoftmaxInt16` with the parameters of `SoftmaxPrepare`:
/// per row, each difference to the row's maximum is rescaled by `beta · inputScale / (10 /
/// 65535)` (`MultiplyByQuantizedMultiplier`) so that −65535...0 stands for −10...0, recentred
/// and looked up in an interpolated exp table (``Int16InterpolationTable``); the Q0.15
/// exponentials are summed in Int32, the sum normalized by its leading zeros and inverted
/// through a `1/(1 + x)` table, and each exponential multiplied by that reciprocal with a
/// rounding shift, clamped to 0...32767.
struct Int16SoftmaxKernel: Kernel {
  static let sourceFile = #filePath
  private let rows: SoftmaxRows
  private let multiplier: QuantizedArithmetic.Multiplier
  /// exp(x) for x in −10...0, on the output scale 2/65535.
  private let exponential: Int16InterpolationTable
  /// 1/(1 + x) for x in 0...1, on the output scale 2/65535.
  private let reciprocal: Int16InterpolationTable

  /// The factory for an int16 input (called from ``SoftmaxKernel``).
  static func make(_ node: inout NodeContext, beta: Float) throws(InterpreterError) -> any Kernel {
    let input = try node.inputMatchingOutput()
    let inputParameters = try PerTensorQuantization(input, "the input", node)
    let output = try PerTensorQuantization(node.outputs[0], "the output", node)
    guard output.zeroPoint == 0 else {
      throw node.unsupported("int16 SOFTMAX needs an output zero point of 0")
    }
    guard abs(output.scale - 1 / 32768) <= 0.001 * (1 / 32768 as Float) else {
      throw node.unsupported(
        "int16 SOFTMAX needs an output scale of 1/32768, found \(output.scale)")
    }
    let rows = try SoftmaxRows(input, beta: beta, node)
    let range = Float(Int32(Int16.max) - Int32(Int16.min))
    let exponential = Int16InterpolationTable(
      inputScale: 10 / range, inputZeroPoint: Int32(Int16.max), outputScale: 2 / range,
      outputZeroPoint: 0, CMath.expf)
    let reciprocal = Int16InterpolationTable(
      inputScale: 1 / range, inputZeroPoint: Int32(Int16.min), outputScale: 2 / range,
      outputZeroPoint: 0
    ) { 1 / (1 + $0) }
    let multiplier = QuantizedArithmetic.Multiplier(
      Double(inputParameters.scale * beta) / (10.0 / 65535.0))
    try node.setOutputShape(0, input.shape)
    return Int16SoftmaxKernel(
      rows: rows, multiplier: multiplier, exponential: exponential, reciprocal: reciprocal)
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Int16.self)
    let output = io.output(0, as: Int16.self)
    let depth = rows.depth
    io.pool.parallelFor(rows.count, minimumChunk: max(1, 4096 / max(depth, 1))) { range in
      for row in range {
        normalize(input + row * depth, output + row * depth, depth)
      }
    }
  }

  /// One row of `depth` values; the exponentials are kept in `y` until the last pass.
  private func normalize(_ x: UnsafePointer<Int16>, _ y: UnsafeMutablePointer<Int16>, _ depth: Int)
  {
    var maximum = Int16.min
    for j in 0..<depth { maximum = max(maximum, x[j]) }
    var sum: Int32 = 0
    for j in 0..<depth {
      let scaled = multiplier.apply(Int32(x[j]) - Int32(maximum))
      let centred = Int16(min(max(scaled &+ 32767, -32768), 32767))
      y[j] = exponential(centred)
      sum &+= Int32(y[j])
    }
    let headroom = Int64(UInt32(bitPattern: sum).leadingZeroBitCount)
    let shifted = Int32(truncatingIfNeeded: ((Int64(sum) &<< (headroom - 1)) &+ (1 << 13)) &>> 14)
    let centred = shifted &- ((1 << 15) + (1 << 16))
    let scale = Int64(reciprocal(Int16(min(max(centred, -32768), 32767))))
    let rightShift = 31 - headroom
    let round: Int64 = rightShift > 0 ? 1 &<< (rightShift - 1) : 0
    for j in 0..<depth {
      let result = Int32(truncatingIfNeeded: (Int64(y[j]) &* scale &+ round) &>> rightShift)
      y[j] = Int16(min(max(result, 0), 32767))
    }
  }
}
