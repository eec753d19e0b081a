/// PRELU on uint8/int8 (input, alpha and output of one type, each quantized per tensor),
/// bit-exact with TFLite's reference kernel (`reference_ops::Prelu` /
/// `BroadcastPrelu4DSlow` with the multipliers of `PreluPrepare`): for x = q − zp_in ≥ 0 the
/// output is x requantized by `input_scale / output_scale`, otherwise x · (alpha_q − zp_alpha)
/// requantized by `input_scale · alpha_scale / output_scale` (both ratios computed in float).
struct QuantizedPReluKernel: Kernel {
  static let sourceFile = #filePath
  /// The requantization constants.
  struct Parameters {
    let inputZeroPoint, alphaZeroPoint, outputZeroPoint: Int32
    let positive, negative: QuantizedArithmetic.Multiplier
    let isSigned: Bool

    init(input: PerTensorQuantization, alpha: PerTensorQuantization, output: PerTensorQuantization)
    {
      inputZeroPoint = input.zeroPoint
      alphaZeroPoint = alpha.zeroPoint
      outputZeroPoint = output.zeroPoint
      positive = QuantizedArithmetic.Multiplier(Double(input.scale / output.scale))
      negative = QuantizedArithmetic.Multiplier(Double(input.scale * alpha.scale / output.scale))
      isSigned = output.isSigned
    }

    /// The output for stored input `q` and stored alpha `a`.
    @inline(__always)
    func apply(_ q: Int32, _ a: Int32) -> Int32 {
      let x = q &- inputZeroPoint
      var result =
        x >= 0 ? positive.apply(x) : negative.apply(x &* (a &- alphaZeroPoint))
      result = result &+ outputZeroPoint
      return isSigned ? min(127, max(-128, result)) : min(255, max(0, result))
    }
  }

  let parameters: Parameters
  /// How alpha maps onto the input; nil for an empty input.
  let broadcast: Broadcast?
  /// Alpha repeats with this period along the flat input; nil when the general broadcast is
  /// needed (see ``PReluKernel``).
  let period: Int?

  func run(_ io: KernelIO) {
    if parameters.isSigned {
      compute(io, Int8.self)
    } else {
      compute(io, UInt8.self)
    }
  }

  @inline(__always)
  private func compute<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let alpha = io.input(1, as: T.self)
    let output = io.output(0, as: T.self)
    let parameters = self.parameters
    guard let broadcast else { return }
    PReluKernel.forEachElement(broadcast, period: period, pool: io.pool) { o, i, a in
      output[o] = T(
        truncatingIfNeeded: parameters.apply(
          Int32(truncatingIfNeeded: input[i]), Int32(truncatingIfNeeded: alpha[a])))
    }
  }
}
