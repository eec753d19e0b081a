import TFLiteModel

/// LOG_SOFTMAX on uint8/int8 over the last dimension, bit-exact with TFLite's reference kernels
/// (`reference_ops::LogSoftmax` for uint8, `reference_integer_ops::LogSoftmax` for int8, with
/// the parameters of `LogSoftmaxPrepare` for kReference). Per row, each difference to the row's
/// maximum is scaled by `input_scale · 2^26` into Q5.26 (a multiplier greater than one), exp'd
/// with gemmlowp's `exp_on_negative_values` and summed in Q12.19; the sum's logarithm
/// (``FixedPoint/logarithm(_:inputIntegerBits:outputIntegerBits:)``, Q5.26) is subtracted from
/// each scaled difference, which is brought to the output's Q4 scale (a rounding shift by 22)
/// and offset by the output zero point. Differences below the reference's thresholds give the
/// lowest output value.
///
/// The output must be scaled 16/256 with zero point 255 (uint8) or 127 (int8), as TFLite
/// requires; the input's scale must make `input_scale · 2^26` greater than 1.
struct QuantizedLogSoftmaxKernel: Kernel {
  static let sourceFile = #filePath
  /// Integer bits of the scaled differences (Q5.26) and of the logarithm.
  private static let scaledDifferenceBits = 5
  /// Integer bits of the sum of exponentials (Q12.19).
  private static let accumulatorBits = 12
  /// Integer bits of the output's fixed-point value (Q4).
  private static let outputBits = 4

  private let signed: Bool
  private let rows: LastDimensionRows
  /// For a difference d = x − max in −255...0, at index −d: d scaled into Q5.26.
  private let scaled: [Int32]
  /// At index −d: exp(d · scale) in Q12.19, for −d up to ``largestStep`` (0 beyond).
  private let exponentials: [Int32]
  /// −diff_min: the largest −d the sum includes.
  private let largestStep: Int
  /// `1 / multiplier`, to bring the logarithm back to the input's scale (`reverse_scaling`).
  private let reverse: QuantizedArithmetic.Multiplier

  /// The factory for a uint8 or int8 input whose output has its type (called from
  /// ``LogSoftmaxKernel``).
  static func make(_ node: inout NodeContext, rows: LastDimensionRows) throws(InterpreterError)
    -> any Kernel
  {
    let inputTensor = try node.input(0)
    let input = try PerTensorQuantization.eightBit(inputTensor, "input", node)
    let output = try PerTensorQuantization.eightBit(node.outputs[0], "output", node)
    let signed = inputTensor.type == .int8
    guard Double(output.scale) == 16.0 / 256, output.zeroPoint == (signed ? 127 : 255) else {
      throw node.unsupported(
        "the output needs scale 16/256 and zero point \(signed ? 127 : 255) (it has "
          + "\(output.scale), \(output.zeroPoint))")
    }
    // PreprocessLogSoftmaxScalingExp with beta 1, double-rounding build.
    let real = min(
      1.0 * Double(input.scale) * Double(1 << (31 - scaledDifferenceBits)), Double(Int32.max))
    guard real > 1 else {
      throw node.unsupported(
        "input scale \(input.scale) is too small (TFLite requires input_scale · 2^26 > 1)")
    }
    let multiplier = QuantizedArithmetic.Multiplier(real)
    let reverse = QuantizedArithmetic.Multiplier(
      Double(Int64(1) << Int64(31 - multiplier.shift)) / Double(multiplier.multiplier))
    // CalculateInputRadius(5, left_shift): floor(31 · 2^26 / 2^left_shift).
    let radius =
      (31 * Double(1 << (31 - scaledDifferenceBits)) / Double(Int64(1) << Int64(multiplier.shift)))
      .rounded(.down)
    let largestStep = Int(min(radius, 255))
    let scaled = (0..<256).map { multiplier.apply(Int32(-$0)) }
    let exponentials = (0..<256).map { step -> Int32 in
      guard step <= largestStep else { return 0 }
      let exponential = FixedPoint.expOnNegativeValues(
        scaled[step], integerBits: scaledDifferenceBits)
      return FixedPoint.rescale(exponential, from: 0, to: accumulatorBits)
    }
    try node.setOutputShape(0, inputTensor.shape)
    return QuantizedLogSoftmaxKernel(
      signed: signed, rows: rows, scaled: scaled, exponentials: exponentials,
      largestStep: largestStep, reverse: reverse)
  }

  func run(_ io: KernelIO) {
    if signed {
      compute(io, Int8.self)
    } else {
      compute(io, UInt8.self)
    }
  }

  /// Every row, `T` being the stored type.
  private func compute<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    scaled.withUnsafeBufferPointer { scaled in
      exponentials.withUnsafeBufferPointer { exponentials in
        rows.forEach(io, T.self, elements: 16_384) { x, y in
          logSoftmax(
            x, y, scaled.baseAddress.unsafelyUnwrapped, exponentials.baseAddress.unsafelyUnwrapped)
        }
      }
    }
  }

  /// One row of `depth` values.
  @inline(__always)
  private func logSoftmax<T: FixedWidthInteger>(
    _ x: UnsafePointer<T>, _ y: UnsafeMutablePointer<T>, _ scaled: UnsafePointer<Int32>,
    _ exponentials: UnsafePointer<Int32>
  ) {
    let depth = rows.depth
    var maximum = T.min
    for c in 0..<depth where x[c] > maximum { maximum = x[c] }
    let top = Int32(maximum)
    var sum: Int32 = 0  // Q12.19, wrapping as the C++ addition
    for c in 0..<depth { sum = sum &+ exponentials[Int(top - Int32(x[c]))] }
    let logSum = FixedPoint.logarithm(
      sum, inputIntegerBits: Self.accumulatorBits, outputIntegerBits: Self.scaledDifferenceBits)
    // The smallest difference whose output is above the lowest value.
    let threshold = max(Int32(-largestStep) - 1, reverse.apply(logSum &+ Int32.min))
    let (lowest, highest) = (Int32(T.min), Int32(T.max))
    let shift = 31 - Self.scaledDifferenceBits - Self.outputBits
    for c in 0..<depth {
      let difference = Int32(x[c]) - top
      guard difference > threshold else {
        y[c] = T(truncatingIfNeeded: lowest)
        continue
      }
      let value =
        FixedPoint.roundingDivideByPowerOfTwo(scaled[Int(-difference)] &- logSum, shift)
        &+ highest
      y[c] = T(truncatingIfNeeded: min(max(value, lowest), highest))
    }
  }
}
