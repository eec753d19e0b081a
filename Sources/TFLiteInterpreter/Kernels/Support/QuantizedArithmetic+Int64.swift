extension QuantizedArithmetic.Multiplier {
  /// TFLite's `MultiplyByQuantizedMultiplier(int64_t x, …)` of the 16-bit kernels: the
  /// multiplier reduced to 16 bits (rounded), `(x · reduced + 2^(s−1)) >> s` with
  /// `s = 15 − shift`, truncated to 32 bits. Wraps where C++ is undefined.
  @inline(__always)
  func apply(wide x: Int64) -> Int32 {
    let reduced: Int64 =
      multiplier < 0x7FFF_0000 ? Int64((multiplier &+ (1 << 15)) >> 16) : 0x7FFF
    let totalShift = Int64(15 - shift)
    let product = x &* reduced &+ (Int64(1) &<< (totalShift &- 1))
    return Int32(truncatingIfNeeded: product &>> totalShift)
  }
}
