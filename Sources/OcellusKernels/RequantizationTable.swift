/// How Int32 accumulators become 8-bit outputs, per output column (channel), as a tuple so that
/// every build of the kernels (and the interpreter calling them) shares the same type.
///
/// Each column `j` of an accumulator `acc` (the exact integer sum of products) becomes
/// `clamp(requantize(acc + bias[j]) + outputOffset, lower, upper)`, stored as its low byte
/// (uint8 or int8 bit pattern). `requantize` is TFLite's `MultiplyByQuantizedMultiplier`:
/// `x << leftShift[j]` (wrapping), the rounding doubling high multiply by `multiplier[j]`, then
/// a rounding right shift by `rightShift[j]` (0...31; `roundingMask[j]` is
/// `2^rightShift[j] − 1`) — unless `scale` is set, in which case it
/// is `round(Double(acc + bias[j]) * scale[j])` (halves away from zero; results outside Int32
/// become `Int32.min`, as x86's conversion does), the requantization of TFLite's reference
/// FULLY_CONNECTED kernels.
///
/// In the fixed-point mode, `floatMultiplier`, `floatNudge` and `floatLimit` hold each column's
/// ``Requantization/floatPath(multiplier:leftShift:rightShift:outputOffset:lower:upper:)``,
/// which lets the kernels requantize most vectors in float arithmetic with the same results.
///
/// `uniform` promises that `multiplier`, `leftShift`, `rightShift` and `roundingMask` hold the
/// same value in every column (per-tensor quantization), which lets the kernels keep them in
/// registers.
///
/// Every array holds at least the matrix's column count rounded up to a multiple of 16 entries
/// (vector loads read whole groups of 8 or 16); the entries past the last column are read but
/// their results are not stored. `bias` is all zeros for an operator without one.
public typealias RequantizationTable = (
  bias: UnsafePointer<Int32>,
  multiplier: UnsafePointer<Int32>,
  leftShift: UnsafePointer<Int32>,
  rightShift: UnsafePointer<Int32>,
  roundingMask: UnsafePointer<Int32>,
  floatMultiplier: UnsafePointer<Float>,
  floatNudge: UnsafePointer<Float>,
  floatLimit: UnsafePointer<Float>,
  scale: UnsafePointer<Double>?,
  uniform: Bool,
  outputOffset: Int32, lower: Int32, upper: Int32
)
