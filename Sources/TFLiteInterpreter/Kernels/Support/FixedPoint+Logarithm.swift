/// TFLite's fixed-point natural logarithm (`log_x_for_x_greater_than_or_equal_to_1_impl` in
/// `kernels/internal/common.h`), used by quantized LOG_SOFTMAX.
extension FixedPoint {
  /// `ln x` for a raw `x` ≥ 1 in format `inputIntegerBits`, as a raw value with
  /// `outputIntegerBits`: the input's power of two from its leading zeros (taking the better of
  /// `x` and `x · √½`, each adjusted by ±¼), plus a rational approximation of the remaining
  /// factor's logarithm around `⁴√½`, accumulated with one more integer bit than the output.
  static func logarithm(_ x: Int32, inputIntegerBits: Int, outputIntegerBits: Int) -> Int32 {
    let accumulatorBits = outputIntegerBits + 1
    let logTwo: Int32 = 1_488_522_236  // ln 2
    let fourthRootHalf: Int32 = 1_805_811_301  // √√½
    let rootHalf: Int32 = 1_518_500_250  // √½
    let oneQuarter: Int32 = 536_870_912
    let alphaN: Int32 = 117_049_297  // 11/240 · √√2
    let alphaD: Int32 = 127_690_142  // 1/20 · √√2
    let alphaI: Int32 = 1_057_819_769  // 2/√√2 − √√2
    let alphaF: Int32 = 638_450_708  // 1/4 · √√2
    let shiftedQuarter = rescale(oneQuarter, from: 0, to: accumulatorBits)

    // x read as Q0.31; its power of two found from the leading zeros.
    let headroomA = UInt32(bitPattern: x).leadingZeroBitCount
    let scaledA = multiplyByPowerOfTwo(x, headroomA - 1)
    let rA = multiplyByPowerOfTwo(multiply(scaledA, rootHalf), 1)
    let powerA = saturatingAdd(
      multiplyByPowerOfTwo(Int32(inputIntegerBits - headroomA), 31 - accumulatorBits),
      shiftedQuarter)
    let headroomB = UInt32(bitPattern: multiply(x, rootHalf)).leadingZeroBitCount - 1
    let rB = multiplyByPowerOfTwo(x, headroomB)
    let powerB = saturatingSubtract(
      multiplyByPowerOfTwo(Int32(inputIntegerBits - headroomB), 31 - accumulatorBits),
      shiftedQuarter)
    let r = min(rA, rB)
    let power = max(powerA, powerB)

    let p = roundingHalfSum(r, fourthRootHalf)
    var q = r &- fourthRootHalf
    q = q &+ q
    let square = multiply(q, q)
    let numerator = multiply(q, r) &+ multiply(multiply(q, square), alphaN)
    let denominatorMinusOne =
      multiply(p, alphaI &+ q &+ multiply(alphaD, square)) &+ multiply(alphaF, q)
    let reciprocal = oneOverOnePlusXForXInZeroOne(denominatorMinusOne)
    let numeratorScaled = rescale(numerator, from: 0, to: accumulatorBits)
    let sum = multiply(power, logTwo) &+ multiply(numeratorScaled, reciprocal)
    return rescale(sum, from: accumulatorBits, to: outputIntegerBits)
  }

  /// `SaturatingAddNonGemmlowp`: `a + b` clamped to the int32 range.
  @inline(__always)
  static func saturatingAdd(_ a: Int32, _ b: Int32) -> Int32 {
    Int32(clamping: Int64(a) + Int64(b))
  }

  /// `SaturatingSub`: `a − b` clamped to the int32 range.
  @inline(__always)
  static func saturatingSubtract(_ a: Int32, _ b: Int32) -> Int32 {
    Int32(clamping: Int64(a) - Int64(b))
  }
}
