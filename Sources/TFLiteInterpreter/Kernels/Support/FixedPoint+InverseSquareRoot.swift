/// TFLite's fixed-point inverse square root (`GetInvSqrtQuantizedMultiplierExp` in
/// `kernels/internal/common.h`), used by quantized RSQRT and L2_NORMALIZATION.
extension FixedPoint {
  /// `1 / √input` as a quantized multiplier and shift, for `input` ≥ 0: the input normalised
  /// into [2^27, 2^29) by pairs of bits, five Newton–Raphson steps in Q3.28 from 1, times
  /// √2 / 2. Inputs 0 and 1 give `Int32.max` with shift 0, as upstream. `reverseShift` is
  /// TFLite's `kReverseShift` (−1 in the default build): the returned shift is negated so that
  /// a positive value shifts left, as ``QuantizedArithmetic/Multiplier`` expects.
  static func inverseSquareRoot(_ input: Int32, reverseShift: Int = -1)
    -> QuantizedArithmetic.Multiplier
  {
    guard input > 1 else { return QuantizedArithmetic.Multiplier(multiplier: .max, shift: 0) }
    var value = input
    var shift = 11
    while value >= 1 << 29 {
      value /= 4
      shift += 1
    }
    let leftShiftBitPairs = (UInt32(bitPattern: value).leadingZeroBitCount - 1) / 2 - 1
    shift -= leftShiftBitPairs
    value <<= Int32(2 * leftShiftBitPairs)
    // Q3.28 Newton–Raphson for 1 / √(value / 2).
    let fixedInput = value >> 1
    let halfInput = multiplyByPowerOfTwo(fixedInput, -1)
    let halfThree: Int32 = (1 << 28) + (1 << 27)
    var x = one(integerBits: 3)
    for _ in 0..<5 {
      let x3 = rescale(multiply(multiply(x, x), x), from: 9, to: 3)
      x = rescale(multiply(halfThree, x) &- multiply(halfInput, x3), from: 6, to: 3)
    }
    let halfSquareRootTwo: Int32 = 1_518_500_250  // √2 / 2 in Q0.31
    var multiplier = multiply(x, halfSquareRootTwo)
    if shift < 0 {
      multiplier = multiplier &<< Int32(-shift)
      shift = 0
    }
    return QuantizedArithmetic.Multiplier(multiplier: multiplier, shift: shift * reverseShift)
  }
}
