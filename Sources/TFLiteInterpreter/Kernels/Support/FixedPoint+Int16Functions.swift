/// gemmlowp's 16-bit transcendental functions (`fixedpoint.h` on `int16_t`: `exp_on_negative_values`,
/// `logistic`, `tanh` and their helpers), bit for bit, as TFLite's integer LSTM applies them
/// (`tensor_utils::ApplySigmoid`, `ApplyTanh`). A raw `Int16` with `integerBits` m stands for
/// `raw · 2^(m − 15)`; C++'s int16 arithmetic promotes to int and truncates back, which the
/// `wrapping` helpers reproduce.
extension FixedPoint {
  /// `a + b` truncated to 16 bits (gemmlowp's `Add` on int16).
  @inline(__always)
  static func add(_ a: Int16, _ b: Int16) -> Int16 { a &+ b }

  /// `a − b` truncated to 16 bits.
  @inline(__always)
  static func subtract(_ a: Int16, _ b: Int16) -> Int16 { a &- b }

  /// `−a` truncated to 16 bits (−32768 stays −32768).
  @inline(__always)
  static func negate(_ a: Int16) -> Int16 { 0 &- a }

  /// `SaturatingAdd<int16_t>`.
  @inline(__always)
  static func saturatingAdd(_ a: Int16, _ b: Int16) -> Int16 {
    Int16(clamping: Int32(a) + Int32(b))
  }

  /// `RoundingHalfSum<int16_t>`.
  @inline(__always)
  static func roundingHalfSum(_ a: Int16, _ b: Int16) -> Int16 {
    let sum = Int32(a) + Int32(b)
    return Int16(truncatingIfNeeded: (sum + (sum >= 0 ? 1 : -1)) / 2)
  }

  /// `SaturatingRoundingMultiplyByPOT<exponent>` on int16: a saturating left shift for a
  /// positive exponent, a rounding right shift for a negative one.
  @inline(__always)
  static func multiplyByPowerOfTwo(_ x: Int16, _ exponent: Int) -> Int16 {
    if exponent == 0 { return x }
    if exponent < 0 { return roundingDivideByPowerOfTwo(x, -exponent) }
    let threshold = Int32((1 << (15 - exponent)) - 1)
    if Int32(x) > threshold { return Int16.max }
    if Int32(x) < -threshold { return Int16.min }
    return Int16(truncatingIfNeeded: Int32(x) << Int32(exponent))
  }

  /// A constant written as a 32-bit raw value, rounded to 16 bits
  /// (`RescaleConstantInitializer<int16_t>`).
  @inline(__always)
  static func constant16(_ raw32: Int32) -> Int16 {
    Int16(truncatingIfNeeded: QuantizedArithmetic.roundingDivideByPowerOfTwo(raw32, 16))
  }

  /// 1.0 with `integerBits` (the largest value for 0 integer bits).
  @inline(__always)
  static func one16(integerBits: Int) -> Int16 {
    integerBits == 0 ? Int16.max : Int16(1) << Int16(15 - integerBits)
  }

  /// `exp_on_interval_between_negative_one_quarter_and_0_excl` on Q0.15.
  static func expOnIntervalBetweenNegativeOneQuarterAndZero(_ a: Int16) -> Int16 {
    let constantTerm = constant16(1_895_147_668)
    let oneThird = constant16(715_827_883)
    let x = add(a, 1 << 12)
    let x2 = multiply(x, x)
    let x3 = multiply(x2, x)
    let x4 = multiply(x2, x2)
    let x4Over4 = multiplyByPowerOfTwo(x4, -2)
    let polynomial = multiplyByPowerOfTwo(add(multiply(add(x4Over4, x3), oneThird), x2), -1)
    return saturatingAdd(constantTerm, multiply(constantTerm, add(x, polynomial)))
  }

  /// `exp_on_negative_values` of `a` with `integerBits`, in Q0.15.
  static func expOnNegativeValues(_ a: Int16, integerBits: Int) -> Int16 {
    let fractionalBits = 15 - integerBits
    let oneQuarter = Int16(truncatingIfNeeded: 1 << (fractionalBits - 2))
    let mask = subtract(oneQuarter, 1)
    let aModQuarterMinusQuarter = subtract(a & mask, oneQuarter)
    var result = expOnIntervalBetweenNegativeOneQuarterAndZero(
      multiplyByPowerOfTwo(aModQuarterMinusQuarter, integerBits))
    let remainder = subtract(aModQuarterMinusQuarter, a)
    let barrel: [(exponent: Int, multiplier: Int32)] = [
      (-2, 1_672_461_947), (-1, 1_302_514_674), (0, 790_015_084), (1, 290_630_308),
      (2, 39_332_535), (3, 720_401), (4, 242),
    ]
    for (exponent, multiplier) in barrel where integerBits > exponent {
      let bit = Int16(truncatingIfNeeded: Int32(1) << Int32(fractionalBits + exponent))
      if remainder & bit != 0 { result = multiply(result, constant16(multiplier)) }
    }
    if integerBits > 5 {
      let clamp = constant16(-(Int32(1) << Int32(36 - integerBits)))
      if a < clamp { result = 0 }
    }
    return a == 0 ? one16(integerBits: 0) : result
  }

  /// The Newton–Raphson reciprocal shared by `one_over_one_plus_x_for_x_in_0_1` and
  /// `one_minus_x_over_one_plus_x_for_x_in_0_1`: `x ≈ 1 / ((1 + a) / 2)` in Q2.13.
  private static func halfReciprocal(_ a: Int16) -> Int16 {
    let halfDenominator = roundingHalfSum(a, one16(integerBits: 0))
    let c48Over17 = constant16(1_515_870_810)
    let cNeg32Over17 = constant16(-1_010_580_540)
    var x = add(c48Over17, multiply(halfDenominator, cNeg32Over17))
    let one2 = one16(integerBits: 2)
    for _ in 0..<3 {
      let oneMinus = subtract(one2, multiply(halfDenominator, x))
      x = add(x, multiplyByPowerOfTwo(multiply(x, oneMinus), 2))
    }
    return x
  }

  /// `tanh` of `a` with `integerBits`, in Q0.15.
  static func tanh(_ a: Int16, integerBits: Int) -> Int16 {
    let n = a < 0 ? a : negate(a)
    // neg_tanh_on_negative_values: (1 − e) / (1 + e) with e = exp(2n).
    let e = expOnNegativeValues(n, integerBits: integerBits + 1)
    let x = halfReciprocal(e)
    let t = multiplyByPowerOfTwo(subtract(x, one16(integerBits: 2)), 2)
    return a == 0 ? 0 : (a < 0 ? negate(t) : t)
  }

  /// `logistic` of `a` with `integerBits`, in Q0.15.
  static func logistic(_ a: Int16, integerBits: Int) -> Int16 {
    let absolute = a > 0 ? a : negate(a)
    let e = expOnNegativeValues(negate(absolute), integerBits: integerBits)
    // one_over_one_plus_x_for_x_in_0_1: Rescale<0>(ExactMulByPot<-1>(x)), x in Q2.13.
    let positive = multiplyByPowerOfTwo(halfReciprocal(e), 1)
    let negative = subtract(one16(integerBits: 0), positive)
    return a == 0 ? constant16(1 << 30) : (a > 0 ? positive : negative)
  }
}
