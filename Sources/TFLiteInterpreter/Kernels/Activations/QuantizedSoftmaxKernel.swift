import TFLiteModel

/// SOFTMAX on uint8/int8 inputs over the last dimension, bit-exact with TFLite's reference
/// kernel (`reference_ops::Softmax<InputT, OutputT>` with the parameters of `SoftmaxPrepare`
/// for kReference): per row, each difference to the row's maximum is scaled by
/// `beta · input_scale` into Q5.26, exp'd with gemmlowp's `exp_on_negative_values`, summed in
/// Q12.19, and divided by the sum through `GetReciprocal`.
///
/// Outputs: uint8 (scale 1/256, zero point 0 whatever the tensor says, as upstream), int8
/// (scale 1/256 and zero point −128 required, as upstream), or int16 (scale 1/65536, zero
/// point −32768) for either input.
///
/// Where TFLite aborts (a row whose exponentials sum to 512 or more, which needs more than
/// 511 elements near the maximum, for 8-bit outputs), this kernel writes the lowest output
/// value — the rounded result, since every probability is then below 1/512.
/// Where TFLite's reference kernel aborts at load (`beta · input_scale · 2^26` at or below 1,
/// beta 0 included, which LiteRT's default kernel runs), the multiplier is quantized below one
/// and the differences rescaled with a rounding right shift: rows come out near uniform.
struct QuantizedSoftmaxKernel: Kernel {
  static let sourceFile = #filePath
  /// Input and output element types.
  private enum Types {
    case uint8ToUInt8, uint8ToInt16, int8ToInt8, int8ToInt16
  }

  /// Number of integer bits of the scaled difference (Q5.26).
  private static let scaledDiffIntegerBits = 5
  /// Number of integer bits of the sum of exponentials (Q12.19).
  private static let accumulationIntegerBits = 12

  private let types: Types
  private let rows: SoftmaxRows
  /// For a difference d = x − max in −255...0, at index −d: exp(d · beta · scale) in Q0.31
  /// (0 past ``largestStep``).
  private let exponentials: [Int32]
  /// ``exponentials`` rescaled to the sum's Q12.19, for every index 0...255 (0 past
  /// ``largestStep``).
  private let summands: [Int32]
  /// The largest −d the reference kernel includes (−diff_min, at most 255); smaller
  /// differences contribute nothing to the sum and give the lowest output.
  private let largestStep: Int

  /// The factory for a uint8 or int8 input (called from ``SoftmaxKernel``).
  static func make(_ node: inout NodeContext, beta: Float) throws(InterpreterError) -> any Kernel {
    let inputTensor = try node.input(0)
    let outputTensor = node.outputs[0]
    let input = try PerTensorQuantization.eightBit(inputTensor, "input", node)
    let types: Types
    switch (inputTensor.type, outputTensor.type) {
    case (.uint8, .uint8): types = .uint8ToUInt8
    case (.uint8, .int16): types = .uint8ToInt16
    case (.int8, .int8):
      types = .int8ToInt8
      let output = try PerTensorQuantization.eightBit(outputTensor, "output", node)
      // SoftmaxPrepare: zero point -128 and scale 1/256 within 0.1%.
      guard output.zeroPoint == -128 else {
        throw node.unsupported("int8 output zero point \(output.zeroPoint) must be -128")
      }
      let delta = abs(output.scale - 1 / 256)
      guard delta <= 0.001 * (1 / 256 as Float) else {
        throw node.unsupported("int8 output scale \(output.scale) must be 1/256")
      }
    case (.int8, .int16): types = .int8ToInt16
    default:
      throw node.unsupported(
        "\(inputTensor.type) input needs a \(inputTensor.type) or int16 output, "
          + "not \(outputTensor.type)")
    }
    let rows = try SoftmaxRows(inputTensor, beta: beta, node)

    // PreprocessSoftmaxScaling (double-rounding build): beta · scale · 2^26, capped at 2^31 − 1,
    // as a multiplier greater than one. At or below one TFLite's reference kernel aborts
    // (LiteRT's default kernel runs such models): the multiplier is then quantized below one
    // and applied with a rounding right shift, the arithmetic otherwise unchanged.
    let realMultiplier = min(
      Double(beta) * Double(input.scale) * Double(1 << (31 - scaledDiffIntegerBits)),
      Double((1 << 31) - 1))
    let (multiplier, leftShift) =
      realMultiplier > 0x1p-32 ? quantizeGreaterThanOne(realMultiplier) : (0, 0)
    // CalculateInputRadius(5, left_shift): floor(31 · 2^26 / 2^left_shift).
    let radius =
      (Double((1 << scaledDiffIntegerBits) - 1)
      * Double(Int64(1) << Int64(31 - scaledDiffIntegerBits))
      / Double(sign: .plus, exponent: leftShift, significand: 1))
      .rounded(.down)
    // diff_min = -radius: differences below it are skipped.
    let largestStep = Int(min(radius, 255))

    var exponentials = [Int32](repeating: 0, count: 256)
    for step in 0...largestStep {
      let diff = Int32(-step)
      // MultiplyByQuantizedMultiplierGreaterThanOne: (diff · 2^left_shift) · multiplier (below
      // one: diff · multiplier, then a rounding right shift).
      let rescaled =
        leftShift > 0
        ? FixedPoint.multiply(diff &* (Int32(1) &<< Int32(leftShift)), multiplier)
        : FixedPoint.roundingDivideByPowerOfTwo(FixedPoint.multiply(diff, multiplier), -leftShift)
      exponentials[step] = FixedPoint.expOnNegativeValues(
        rescaled, integerBits: scaledDiffIntegerBits)
    }

    try node.setOutputShape(0, inputTensor.shape)
    let summands = exponentials.map {
      FixedPoint.rescale($0, from: 0, to: Self.accumulationIntegerBits)
    }
    return QuantizedSoftmaxKernel(
      types: types, rows: rows, exponentials: exponentials, summands: summands,
      largestStep: largestStep)
  }

  /// `QuantizeMultiplier` for a real multiplier in (2^-32, 2^31 − 1] as the double-rounding
  /// build does it: `frexp`, round half away from zero, renormalise 2^31; the left shift is in
  /// −31...31 (no saturation at 30, which only the single-rounding build applies).
  private static func quantizeGreaterThanOne(_ real: Double) -> (multiplier: Int32, shift: Int) {
    // frexp: real = fraction · 2^exponent with fraction in [0.5, 1).
    var shift = Int(real.exponent) + 1
    var fixed = Int64(
      (real.significand / 2 * Double(Int64(1) << 31)).rounded(.toNearestOrAwayFromZero))
    if fixed == Int64(1) << 31 {
      fixed /= 2
      shift += 1
    }
    return (Int32(truncatingIfNeeded: fixed), shift)
  }

  func run(_ io: KernelIO) {
    switch types {
    case .uint8ToUInt8: compute(io, UInt8.self, UInt8.self)
    case .uint8ToInt16: compute(io, UInt8.self, Int16.self)
    case .int8ToInt8: compute(io, Int8.self, Int8.self)
    case .int8ToInt16: compute(io, Int8.self, Int16.self)
    }
  }

  @inline(__always)
  private func compute<Input: FixedWidthInteger, Output: FixedWidthInteger>(
    _ io: KernelIO, _: Input.Type, _: Output.Type
  ) {
    let input = io.input(0, as: Input.self)
    let output = io.output(0, as: Output.self)
    let depth = rows.depth
    let lowest = Int32(Output.min)
    let highest = Int32(Output.max)
    let outputBits = Output.bitWidth
    let largestStep = self.largestStep
    exponentials.withUnsafeBufferPointer { exponentials in
      summands.withUnsafeBufferPointer { summands in
        let (exponentials, summands) = (exponentials.baseAddress!, summands.baseAddress!)
        io.pool.parallelFor(rows.count, minimumChunk: max(1, 16_384 / max(depth, 1))) { range in
          for row in range {
            let x = input + row * depth
            let y = output + row * depth
            var maximum = Input.min
            for c in 0..<depth where x[c] > maximum { maximum = x[c] }
            let top = Int32(maximum)

            // The sum of exponentials in Q12.19 (wrapping, as the C++ addition does); every
            // step is 0...255, and those past largestStep add 0.
            var sum: Int32 = 0
            for c in 0..<depth { sum = sum &+ summands[Int(top &- Int32(x[c]))] }
            let (scale, bitsOverUnit) = FixedPoint.reciprocal(
              sum, integerDigits: Self.accumulationIntegerBits)
            let exponent = bitsOverUnit + 31 - outputBits
            if scale > 0 && (0...31).contains(exponent) {
              Self.divide(
                x, y, count: depth, top: top, scale: scale, exponent: exponent,
                exponentials: exponentials, lowest: lowest, highest: highest)
              continue
            }
            for c in 0..<depth {
              let step = Int(top - Int32(x[c]))
              guard step <= largestStep else {
                y[c] = Output(truncatingIfNeeded: lowest)
                continue
              }
              let product = FixedPoint.multiply(scale, exponentials[step])
              let unsaturated: Int32
              if exponent > 31 {
                unsaturated = 0  // |product| / 2^32 rounds to 0
              } else if exponent < 0 {
                unsaturated = FixedPoint.multiplyByPowerOfTwo(product, -exponent)
              } else {
                unsaturated = FixedPoint.roundingDivideByPowerOfTwo(product, exponent)
              }
              let shifted = unsaturated &+ lowest
              y[c] = Output(truncatingIfNeeded: max(min(shifted, highest), lowest))
            }
          }
        }
      }
    }
  }

  /// The outputs of one row for a positive `scale` and an `exponent` in 0...31, branch-free:
  /// the doubling high multiply and the rounding shift of two non-negative values make one
  /// floor division, `⌊(scale · e + 2^30 + 2^(30 + exponent)) / 2^(31 + exponent)⌋` (the
  /// second term only for exponent ≥ 1), and a step past `largestStep` meets e = 0, whose
  /// result 0 gives the lowest output, as the reference's skip does.
  @inline(__always)
  private static func divide<Input: FixedWidthInteger, Output: FixedWidthInteger>(
    _ x: UnsafePointer<Input>, _ y: UnsafeMutablePointer<Output>, count: Int, top: Int32,
    scale: Int32, exponent: Int, exponentials: UnsafePointer<Int32>, lowest: Int32,
    highest: Int32
  ) {
    let add = Int64(1 << 30) + (exponent > 0 ? Int64(1) << Int64(30 + exponent) : 0)
    let shift = Int64(31 + exponent)
    let factor = Int64(scale)
    for c in 0..<count {
      let e = Int64(exponentials[Int(top &- Int32(x[c]))])
      let value = Int32(truncatingIfNeeded: (factor &* e &+ add) &>> shift) &+ lowest
      y[c] = Output(truncatingIfNeeded: min(value, highest))
    }
  }
}
