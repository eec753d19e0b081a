import TFLiteModel

/// The 256-entry tables that run uint8/int8 LOGISTIC, TANH, RELU, RELU6, RELU_N1_TO_1,
/// RELU_0_TO_1, HARD_SWISH and LEAKY_RELU. An 8-bit elementwise op has only 256 possible inputs, so each
/// table entry is computed at load with exactly the arithmetic of TFLite's reference kernel
/// (`activations.cc` with kReference, as LiteRT's BUILTIN_REF resolver runs it), and running the
/// op is a lookup. Tables are indexed by the stored byte (an int8 value's bit pattern) and hold
/// output bytes.
enum QuantizedActivationTable {
  /// The table for `activation` from `input` to `output` (same type, checked by the caller).
  static func make(
    _ activation: UnaryActivation, input: PerTensorQuantization, output: PerTensorQuantization,
    node: NodeContext
  ) throws(InterpreterError) -> [UInt8] {
    switch activation {
    case .relu: return relu(lower: 0, upper: .infinity, input: input, output: output)
    case .relu6: return relu(lower: 0, upper: 6, input: input, output: output)
    case .reluN1To1: return relu(lower: -1, upper: 1, input: input, output: output)
    case .relu0To1: return relu(lower: 0, upper: 1, input: input, output: output)
    case .logistic:
      // SigmoidPrepare: `output->params.scale == 1. / 256` (float compared as double).
      guard Double(output.scale) == 1.0 / 256 else {
        throw node.unsupported("output scale \(output.scale) must be 1/256")
      }
      return lookUp(input: input, output: output) { 1 / (1 + CMath.expf(-$0)) }
    case .tanh: return lookUp(input: input, output: output) { CMath.tanhf($0) }
    case .hardSwish: return try hardSwish(input: input, output: output, node: node)
    case .leakyRelu(let alpha):
      guard alpha.isFinite else { throw node.invalid("alpha \(alpha) is not finite") }
      return leakyRelu(alpha: alpha, input: input, output: output)
    }
  }

  /// C++ `static_cast<int32_t>(float)` as x86-64 evaluates it: truncation toward zero, and the
  /// "integer indefinite" value Int32.min for NaN and out-of-range values.
  @inline(__always)
  static func cInt32(_ value: Float) -> Int32 {
    guard value > -2_147_483_904, value < 2_147_483_648 else { return Int32.min }
    return Int32(value)
  }

  /// Truncation toward zero, saturating out-of-range values (NaN gives 0; never produced here).
  @inline(__always)
  static func saturatingInt32(_ value: Float) -> Int32 {
    if value.isNaN { return 0 }
    if value <= -2_147_483_648 { return Int32.min }
    if value >= 2_147_483_648 { return Int32.max }
    return Int32(value)
  }

  /// `QuantizedReluX`: requantize with `input_scale / output_scale` (divided in float), then
  /// clamp to `[zp + round(lower / scale), zp + round(upper / scale)]` within the type
  /// (no upper clamp but the type's for an infinite `upper`).
  static func relu(
    lower: Float, upper: Float, input: PerTensorQuantization, output: PerTensorQuantization
  )
    -> [UInt8]
  {
    let element = reluElement(lower: lower, upper: upper, input: input, output: output)
    var table = [UInt8](repeating: 0, count: 256)
    for q in input.range {
      table[input.index(q)] = UInt8(truncatingIfNeeded: element(q))
    }
    return table
  }

  /// One stored value through `QuantizedReluX` (any quantized type, int16 included):
  /// `zeroOut + MultiplyByQuantizedMultiplier(q − zeroIn, inputScale / outputScale)` clamped to
  /// `[lower, upper]` quantized on the output's scale (`upper` infinite: the type's maximum).
  static func reluElement(
    lower: Float, upper: Float, input: PerTensorQuantization, output: PerTensorQuantization
  ) -> (Int32) -> Int32 {
    let multiplier = QuantizedArithmetic.Multiplier(Double(input.scale / output.scale))
    let low = max(output.qmin, output.zeroPoint &+ cInt32((lower / output.scale).rounded()))
    let high =
      upper == .infinity
      ? output.qmax : min(output.qmax, output.zeroPoint &+ cInt32((upper / output.scale).rounded()))
    return { q in
      min(high, max(low, output.zeroPoint &+ multiplier.apply(q &- input.zeroPoint)))
    }
  }

  /// `LUTPopulate<uint8_t/int8_t>`: dequantize each input value in float, apply `transform`,
  /// divide by the output scale (as a multiplication by its float inverse), round half away
  /// from zero, add the zero point and clamp to the type.
  static func lookUp(
    input: PerTensorQuantization, output: PerTensorQuantization, _ transform: (Float) -> Float
  ) -> [UInt8] {
    let inverseScale: Float = 1 / output.scale
    var table = [UInt8](repeating: 0, count: 256)
    for q in input.range {
      let dequantized = input.scale * Float(q - input.zeroPoint)
      let transformed = transform(dequantized)
      let rescaled = (transformed * inverseScale).rounded()
      // The float → int32 conversion only overflows for absurdly small output scales; then the
      // x86-64 build of LiteRT gives the "integer indefinite" value for uint8 tables but a
      // saturated one for int8 tables (the two template instances compile differently).
      let sum = rescaled + Float(output.zeroPoint)
      let quantized = output.isSigned ? saturatingInt32(sum) : cInt32(sum)
      table[input.index(q)] = UInt8(
        truncatingIfNeeded: max(min(output.qmax, quantized), output.qmin))
    }
    return table
  }

  /// `QuantizeLeakyRelu` with the multipliers of `LeakyReluPrepare` (computed in float, then
  /// quantized): `input_scale / output_scale` for x ≥ 0 and `input_scale · alpha / output_scale`
  /// for x < 0, a negative alpha applied as the negation of its magnitude's product.
  static func leakyRelu(alpha: Float, input: PerTensorQuantization, output: PerTensorQuantization)
    -> [UInt8]
  {
    let alphaMultiplier = QuantizedArithmetic.Multiplier(
      Double(input.scale * alpha / output.scale))
    let identity = QuantizedArithmetic.Multiplier(Double(input.scale / output.scale))
    let isAlphaNegative = alphaMultiplier.multiplier < 0
    let magnitude = QuantizedArithmetic.Multiplier(
      multiplier: isAlphaNegative ? 0 &- alphaMultiplier.multiplier : alphaMultiplier.multiplier,
      shift: alphaMultiplier.shift)
    var table = [UInt8](repeating: 0, count: 256)
    for q in input.range {
      let value = q &- input.zeroPoint
      var result = output.zeroPoint
      if value >= 0 {
        result = result &+ identity.apply(value)
      } else {
        let scaled = magnitude.apply(value)
        result = result &+ (isAlphaNegative ? 0 &- scaled : scaled)
      }
      table[input.index(q)] = UInt8(truncatingIfNeeded: min(output.qmax, max(output.qmin, result)))
    }
    return table
  }

  /// The reference integer HARD_SWISH (`reference_ops::HardSwish` with the parameters of
  /// `HardSwishPrepare`): 16-bit fixed point, a "relu-ish" factor in [0, 1] times the input on
  /// the output scale. Throws when the output multiplier would need a left shift, as TFLite does.
  static func hardSwish(
    input: PerTensorQuantization, output: PerTensorQuantization, node: NodeContext
  )
    throws(InterpreterError) -> [UInt8]
  {
    let hiresInputScale: Float = (1.0 / 128.0) * input.scale
    let reluishScale: Float = 3.0 / 32768.0
    let outputMultiplier = QuantizedArithmetic.Multiplier(Double(hiresInputScale / output.scale))
    guard outputMultiplier.shift <= 0 else {
      throw node.unsupported(
        "output scale \(output.scale) is too small for input scale \(input.scale) (the output "
          + "multiplier would need a left shift)")
    }
    let reluishMultiplier = QuantizedArithmetic.Multiplier(Double(hiresInputScale / reluishScale))
    let outputFixed = downScaleToInt16(outputMultiplier.multiplier)
    let reluishFixed = downScaleToInt16(reluishMultiplier.multiplier)
    let reluishExponent = reluishMultiplier.shift
    let outputExponent = outputMultiplier.shift
    // HardSwishParams holds the zero points as int16_t.
    let inputZeroPoint = Int16(truncatingIfNeeded: input.zeroPoint)
    let outputZeroPoint = Int16(truncatingIfNeeded: output.zeroPoint)

    var table = [UInt8](repeating: 0, count: 256)
    for q in input.range {
      let inputValue = Int16(truncatingIfNeeded: q - Int32(inputZeroPoint))
      let hiresInput = Int16(truncatingIfNeeded: Int32(inputValue) * 128)
      let preshiftOutputScale = FixedPoint.multiply(
        hiresInput, outputFixed)
      var reluish = hiresInput
      if reluishExponent > 0 {
        reluish = FixedPoint.saturatingLeftShift(reluish, reluishExponent - 1)
      }
      reluish = FixedPoint.multiply(reluish, reluishFixed)
      if reluishExponent > 0 { reluish = FixedPoint.saturatingLeftShift(reluish, 1) }
      if reluishExponent < 0 {
        reluish = FixedPoint.roundingDivideByPowerOfTwo(reluish, -reluishExponent)
      }
      reluish = Int16(truncatingIfNeeded: (Int32(reluish) + (1 << 15)) >> 1)
      let preshiftOutput = FixedPoint.multiplyTruncating(reluish, preshiftOutputScale)
      var value = FixedPoint.roundingDivideByPowerOfTwo(preshiftOutput, -outputExponent)
      value = Int16(truncatingIfNeeded: Int32(value) + Int32(outputZeroPoint))
      let clamped = max(min(Int32(value), output.qmax), output.qmin)
      table[input.index(q)] = UInt8(truncatingIfNeeded: clamped)
    }
    return table
  }

  /// `DownScaleInt32ToInt16Multiplier`: the 16 high bits of a Q0.31 multiplier, rounded.
  static func downScaleToInt16(_ multiplier: Int32) -> Int16 {
    guard multiplier < Int32.max - (1 << 15) else { return Int16.max }
    return Int16(truncatingIfNeeded: (multiplier &+ (1 << 15)) >> 16)
  }
}
