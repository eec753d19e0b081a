/// gemmlowp's scalar fixed-point arithmetic (`fixedpoint/fixedpoint.h`), bit for bit, on raw
/// `Int32` values. A value with `integerBits` m is the raw integer times 2^(m − 31) (format
/// Qm.(31−m)); the format is passed explicitly where gemmlowp has it as a template parameter.
///
/// Additions and subtractions wrap as the two's-complement C++ code does in practice (gemmlowp's
/// `Add`/`Sub` are plain `+`/`-`), so no input can trap.
enum FixedPoint {
  /// The raw value of 1.0 in format `integerBits` (for 0 integer bits, the largest value,
  /// 1 − 2^−31, as gemmlowp's `One()`).
  @inline(__always)
  static func one(integerBits: Int) -> Int32 {
    integerBits == 0 ? Int32.max : Int32(1) << Int32(31 - integerBits)
  }

  /// `SaturatingRoundingDoublingHighMul`: the product of two fixed-point values, whose format
  /// has the sum of their integer bits.
  @inline(__always)
  static func multiply(_ a: Int32, _ b: Int32) -> Int32 {
    QuantizedArithmetic.saturatingRoundingDoublingHighMultiply(a, b)
  }

  /// `RoundingDivideByPOT`: `x / 2^exponent` rounded to nearest, ties away from zero;
  /// `exponent` in 0...31.
  @inline(__always)
  static func roundingDivideByPowerOfTwo(_ x: Int32, _ exponent: Int) -> Int32 {
    QuantizedArithmetic.roundingDivideByPowerOfTwo(x, exponent)
  }

  /// `SaturatingRoundingMultiplyByPOT<exponent>`: a saturating left shift for a positive
  /// exponent, a rounding right shift for a negative one. `exponent` in −31...31.
  @inline(__always)
  static func multiplyByPowerOfTwo(_ x: Int32, _ exponent: Int) -> Int32 {
    if exponent == 0 { return x }
    if exponent < 0 { return roundingDivideByPowerOfTwo(x, -exponent) }
    let threshold = Int32(truncatingIfNeeded: (Int64(1) << Int64(31 - exponent)) - 1)
    if x > threshold { return Int32.max }
    if x < -threshold { return Int32.min }
    return x &<< Int32(exponent)
  }

  /// `Rescale<to>(x)` for `x` in format `from`: the same real value in format `to`,
  /// rounding or saturating as the shift requires.
  @inline(__always)
  static func rescale(_ x: Int32, from: Int, to: Int) -> Int32 {
    multiplyByPowerOfTwo(x, from - to)
  }

  /// `RoundingHalfSum`: (a + b) / 2 rounded to nearest, ties away from zero.
  @inline(__always)
  static func roundingHalfSum(_ a: Int32, _ b: Int32) -> Int32 {
    let sum = Int64(a) + Int64(b)
    return Int32(truncatingIfNeeded: (sum + (sum >= 0 ? 1 : -1)) / 2)
  }

  /// `exp_on_interval_between_negative_one_quarter_and_0_excl`: exp(a) for `a` in [−1/4, 0),
  /// both in Q0.31, by a Taylor expansion around −1/8.
  @inline(__always)
  static func expOnIntervalBetweenNegativeOneQuarterAndZero(_ a: Int32) -> Int32 {
    let constantTerm: Int32 = 1_895_147_668  // exp(-1/8)
    let oneThird: Int32 = 715_827_883  // 1/3
    let x = a &+ (1 << 28)  // a + 1/8
    let x2 = multiply(x, x)
    let x3 = multiply(x2, x)
    let x4 = multiply(x2, x2)
    let x4Over4 = multiplyByPowerOfTwo(x4, -2)
    let polynomial = multiplyByPowerOfTwo(multiply(x4Over4 &+ x3, oneThird) &+ x2, -1)
    // AddSaturatingIf16Bit is a plain addition for 32-bit values.
    return constantTerm &+ multiply(constantTerm, x &+ polynomial)
  }

  /// `exp_on_negative_values`: exp(a) in Q0.31 for `a` ≤ 0 in format `integerBits` (0...30).
  static func expOnNegativeValues(_ a: Int32, integerBits: Int) -> Int32 {
    let fractionalBits = 31 - integerBits
    let oneQuarter = Int32(1) << Int32(fractionalBits - 2)
    let mask = oneQuarter &- 1
    let aModQuarterMinusOneQuarter = (a & mask) &- oneQuarter
    var result = expOnIntervalBetweenNegativeOneQuarterAndZero(
      rescale(aModQuarterMinusOneQuarter, from: integerBits, to: 0))
    let remainder = aModQuarterMinusOneQuarter &- a
    // The barrel shifter: exp(-2^k) for each bit k of the remainder, k = -2...4.
    let multipliers: [(exponent: Int, multiplier: Int32)] = [
      (-2, 1_672_461_947), (-1, 1_302_514_674), (0, 790_015_084), (1, 290_630_308),
      (2, 39_332_535), (3, 720_401), (4, 242),
    ]
    for (exponent, multiplier) in multipliers where integerBits > exponent {
      let bit = Int32(1) << Int32(fractionalBits + exponent)
      if remainder & bit != 0 { result = multiply(result, multiplier) }
    }
    if integerBits > 5 {
      let clamp = -(Int32(1) << Int32(36 - integerBits))  // -32.0
      if a < clamp { result = 0 }
    }
    return a == 0 ? one(integerBits: 0) : result
  }

  /// `one_over_one_plus_x_for_x_in_0_1`: 1 / (1 + a) in Q0.31 for `a` in [0, 1) in Q0.31, by
  /// three Newton–Raphson steps.
  static func oneOverOnePlusXForXInZeroOne(_ a: Int32) -> Int32 {
    let halfDenominator = roundingHalfSum(a, one(integerBits: 0))  // Q0.31
    let constant48Over17: Int32 = 1_515_870_810  // Q2.29
    let constantNeg32Over17: Int32 = -1_010_580_540  // Q2.29
    var x = constant48Over17 &+ multiply(halfDenominator, constantNeg32Over17)
    let oneQ2 = one(integerBits: 2)
    for _ in 0..<3 {
      let halfDenominatorTimesX = multiply(halfDenominator, x)  // Q2.29
      let oneMinusHalfDenominatorTimesX = oneQ2 &- halfDenominatorTimesX
      x = x &+ rescale(multiply(x, oneMinusHalfDenominatorTimesX), from: 4, to: 2)
    }
    // ExactMulByPot<-1> turns Q2.29 into Q1.30 without touching the raw value.
    return rescale(x, from: 1, to: 0)
  }

  /// TFLite's `GetReciprocal`: for a positive `x` with `integerDigits` integer bits, returns
  /// (1 / x scaled into [0.5, 1) in Q0.31, `numBitsOverUnit`), where
  /// 1/x = scaled · 2^−numBitsOverUnit. A non-positive `x` gives the same garbage as the C++
  /// code (it relies on a count of leading zeros), never a trap.
  static func reciprocal(_ x: Int32, integerDigits: Int) -> (scaled: Int32, numBitsOverUnit: Int) {
    let headroomPlusOne = UInt32(bitPattern: x).leadingZeroBitCount
    let numBitsOverUnit = integerDigits - headroomPlusOne
    // A shift by 32 (x == 0) is undefined in C++; x86 masks the count, which leaves x (0).
    let shifted =
      headroomPlusOne >= 32 ? UInt32(0) : UInt32(bitPattern: x) << UInt32(headroomPlusOne)
    let shiftedSumMinusOne = Int32(bitPattern: shifted &- (UInt32(1) << 31))
    return (oneOverOnePlusXForXInZeroOne(shiftedSumMinusOne), numBitsOverUnit)
  }
}
