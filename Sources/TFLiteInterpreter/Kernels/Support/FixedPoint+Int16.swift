/// The 16-bit variants (gemmlowp's int16_t specializations and TFLite's hard-swish helpers),
/// with C++'s int16 promotions and truncations.
extension FixedPoint {
  /// gemmlowp `SaturatingRoundingDoublingHighMul<int16_t>`: the high 16 bits of `2·a·b`,
  /// rounded to nearest (ties away from zero), saturating the one overflowing case.
  @inline(__always)
  static func multiply(_ a: Int16, _ b: Int16) -> Int16 {
    if a == b && a == Int16.min { return Int16.max }
    let product = Int32(a) * Int32(b)
    let nudge: Int32 = product >= 0 ? 1 << 14 : 1 - (1 << 14)
    return Int16(truncatingIfNeeded: (product + nudge) / (1 << 15))
  }

  /// TFLite's `SaturatingDoublingHighMul`: as ``multiply(_:_:)-(Int16,Int16)`` but truncating
  /// toward zero.
  @inline(__always)
  static func multiplyTruncating(_ a: Int16, _ b: Int16) -> Int16 {
    if a == b && a == Int16.min { return Int16.max }
    return Int16(truncatingIfNeeded: (Int32(a) * Int32(b)) / (1 << 15))
  }

  /// TFLite's `SaturatingLeftShift`: `value · 2^amount` clamped to int16; `amount` ≥ 0.
  @inline(__always)
  static func saturatingLeftShift(_ value: Int16, _ amount: Int) -> Int16 {
    if value == 0 { return 0 }
    guard amount < 32 else { return value > 0 ? Int16.max : Int16.min }
    return Int16(clamping: Int64(value) << Int64(amount))
  }

  /// gemmlowp `RoundingDivideByPOT<int16_t>`, including what its int16 mask arithmetic does
  /// for exponents of 16 and more (the mask truncates to −1). `exponent` in 0...31.
  @inline(__always)
  static func roundingDivideByPowerOfTwo(_ x: Int16, _ exponent: Int) -> Int16 {
    let mask = Int16(truncatingIfNeeded: (Int64(1) << Int64(exponent)) - 1)
    let remainder = x & mask
    let threshold = Int16(truncatingIfNeeded: Int32(mask >> 1) + (x < 0 ? 1 : 0))
    let shifted = Int16(truncatingIfNeeded: Int32(x) >> Int32(exponent))
    return Int16(truncatingIfNeeded: Int32(shifted) + (remainder > threshold ? 1 : 0))
  }
}
