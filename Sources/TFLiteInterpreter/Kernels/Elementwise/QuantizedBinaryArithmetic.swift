import TFLiteModel

/// The integer arithmetic of quantized ADD, SUB, MUL, DIV and SQUARED_DIFFERENCE, bit-exact
/// with TFLite's reference kernels and the parameters their Prepare computes. Each operand is
/// first prepared on its own (``OperandRescaling``: ADD/SUB rescale `(q − z) · 2^20` — `2^15` for
/// int16 — by `scale / (2 · max(scale1, scale2))`, SQUARED_DIFFERENCE likewise with `2^7`, MUL
/// and DIV only subtract the zero point); ``combine(_:_:)`` then joins two prepared values into
/// the output value: the sum, difference, product or squared difference scaled by the output
/// multiplier, or DIV's reciprocal arithmetic, plus the output zero point, clamped to the fused
/// activation's range.
struct QuantizedBinaryArithmetic {
  let operation: BinaryOperation
  /// How each operand's stored value is prepared.
  let operandA, operandB: OperandRescaling
  /// The output scaling of the joined value.
  let output: QuantizedArithmetic.Multiplier
  let outputOffset: Int32
  /// The fused activation's clamp within the output type (inclusive).
  let lower, upper: Int32

  /// The arithmetic of `operation` for the node's operands and output (all of one quantized
  /// type, checked by the caller), with the fused activation `fused`.
  static func make(_ operation: BinaryOperation, fused: ActivationFunction, node: NodeContext)
    throws(InterpreterError) -> QuantizedBinaryArithmetic
  {
    let a = try PerTensorQuantization(try node.input(0), "input 0", node)
    let b = try PerTensorQuantization(try node.input(1), "input 1", node)
    let out = try PerTensorQuantization(node.outputs[0], "the output", node)
    for (quantization, role) in [(a, "input 0"), (b, "input 1"), (out, "the output")] {
      try quantization.requireScale(role, node)
      // TFLite's 16-bit kernels are symmetric.
      if out.qmax == Int32(Int16.max) && quantization.zeroPoint != 0 {
        throw node.unsupported("int16 \(role) needs zero point 0, not \(quantization.zeroPoint)")
      }
    }
    let range = try out.activationRange(fused, node)
    let (operandA, operandB, real) = try operands(operation, a, b, out, node)
    guard real.isFinite, real > 0 else {
      throw node.unsupported("the scales give an unusable output scaling \(real)")
    }
    return QuantizedBinaryArithmetic(
      operation: operation, operandA: operandA, operandB: operandB,
      output: QuantizedArithmetic.Multiplier(real), outputOffset: out.zeroPoint,
      lower: range.lowerBound, upper: range.upperBound)
  }

  /// The operands' preparation and the real output multiplier, as each operator's Prepare
  /// computes them (the float and double steps as in the C++ code).
  private static func operands(
    _ operation: BinaryOperation, _ a: PerTensorQuantization, _ b: PerTensorQuantization,
    _ out: PerTensorQuantization, _ node: NodeContext
  ) throws(InterpreterError) -> (OperandRescaling, OperandRescaling, Double) {
    switch operation {
    case .multiply:
      return (
        OperandRescaling(zeroPoint: a.zeroPoint), OperandRescaling(zeroPoint: b.zeroPoint),
        Double(a.scale * b.scale / out.scale)
      )
    case .divide:
      return (
        OperandRescaling(zeroPoint: a.zeroPoint), OperandRescaling(zeroPoint: b.zeroPoint),
        Double(a.scale / (b.scale * out.scale))
      )
    case .add, .subtract, .squaredDifference:
      let squared = operation == .squaredDifference
      let leftShift = squared ? 7 : (out.qmax == Int32(Int16.max) ? 15 : 20)
      let twiceMaximum = Double(2 * max(a.scale, b.scale))
      let real =
        squared
        ? twiceMaximum * twiceMaximum / Double(Float(1 << (2 * leftShift)) * out.scale)
        : twiceMaximum / Double(Float(1 << leftShift) * out.scale)
      return (
        OperandRescaling(
          zeroPoint: a.zeroPoint, leftShift: leftShift, real: Double(a.scale) / twiceMaximum),
        OperandRescaling(
          zeroPoint: b.zeroPoint, leftShift: leftShift, real: Double(b.scale) / twiceMaximum),
        real
      )
    default:
      throw node.unsupported("\(operation) has no quantized arithmetic")
    }
  }

  /// The output value of prepared operands `a` and `b` (already clamped).
  @inline(__always)
  func combine(_ a: Int32, _ b: Int32) -> Int32 {
    let value: Int32
    switch operation {
    case .add: value = output.apply(a &+ b)
    case .subtract: value = output.apply(a &- b)
    case .squaredDifference:
      let difference = a &- b
      value = output.apply(difference &* difference)
    case .divide:
      guard b != 0 else { return a == 0 ? clamp(outputOffset) : (a > 0 ? upper : lower) }
      value = quotient(a, b)
    default: value = output.apply(a &* b)
    }
    return clamp(value &+ outputOffset)
  }

  /// `value` within the fused activation's range.
  @inline(__always)
  private func clamp(_ value: Int32) -> Int32 { min(max(value, lower), upper) }

  /// `DivElementwise`'s quotient of offset values (`b` ≠ 0) on the output scale: the divisor's
  /// reciprocal by `GetReciprocal`, the dividend shifted to full headroom, the product scaled
  /// by the output multiplier with the combined shift. A shift beyond 31 bits (an output
  /// scaling that small) gives 0; the C++ shift is undefined there.
  private func quotient(_ a: Int32, _ b: Int32) -> Int32 {
    let (dividend, divisor) = b < 0 ? (0 &- a, 0 &- b) : (a, b)
    let (reciprocal, reciprocalShift) = FixedPoint.reciprocal(divisor, integerDigits: 31)
    // CountLeadingSignBits: 31 for 0.
    let headroom = (dividend >= 0 ? dividend : ~dividend).leadingZeroBitCount - 1
    let unscaled = FixedPoint.multiply(dividend &<< Int32(headroom), reciprocal)
    let rightShift = reciprocalShift + headroom - output.shift
    let product = FixedPoint.multiply(unscaled, output.multiplier)
    guard rightShift >= 0 else {
      return FixedPoint.multiplyByPowerOfTwo(product, min(-rightShift, 31))
    }
    return rightShift > 31 ? 0 : FixedPoint.roundingDivideByPowerOfTwo(product, rightShift)
  }
}
