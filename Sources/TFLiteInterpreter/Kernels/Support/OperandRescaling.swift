/// One quantized operand of a binary operator brought to a scale it shares with the other
/// operand, as TFLite's reference kernels do it for 8/16-bit ADD and SUB, the comparisons and
/// SQUARED_DIFFERENCE: `(q − zeroPoint) · 2^leftShift`, then
/// `MultiplyByQuantizedMultiplierSmallerThanOneExp` with the operand's multiplier (for a
/// multiplier below one, `QuantizedArithmetic.Multiplier.apply` is exactly that function).
/// MUL and DIV take their operands only offset by the zero point (``init(zeroPoint:)``).
struct OperandRescaling {
  /// The operand's zero point, subtracted first.
  let zeroPoint: Int32
  /// Bits of headroom the offset value is shifted left by (20 for 8-bit ADD/SUB, 15 for 16-bit,
  /// 8 for comparisons, 7 for SQUARED_DIFFERENCE).
  let leftShift: Int
  /// The real multiplier as a fixed-point multiplier and shift; nil for the offset alone.
  let multiplier: QuantizedArithmetic.Multiplier?

  /// The rescaling of stored values with `zeroPoint` by `real` (`QuantizeMultiplier(real)`).
  init(zeroPoint: Int32, leftShift: Int, real: Double) {
    self.zeroPoint = zeroPoint
    self.leftShift = leftShift
    multiplier = QuantizedArithmetic.Multiplier(real)
  }

  /// Stored values offset by `zeroPoint`, nothing more.
  init(zeroPoint: Int32) {
    self.zeroPoint = zeroPoint
    leftShift = 0
    multiplier = nil
  }

  /// The rescaled value of stored value `q` (wrapping where C++'s int arithmetic would
  /// overflow; it cannot for 8- and 16-bit values and the shifts above).
  @inline(__always)
  func apply(_ q: Int32) -> Int32 {
    guard let multiplier else { return q &- zeroPoint }
    return multiplier.apply((q &- zeroPoint) &<< Int32(leftShift))
  }

  /// The rescaled value of every 8-bit stored value, indexed by its byte (an int8 value by its
  /// bit pattern); `signed` reads the bytes as int8, otherwise as uint8.
  func byteTable(signed: Bool) -> [Int32] {
    (0..<256).map { byte in
      apply(signed ? Int32(Int8(truncatingIfNeeded: byte)) : Int32(byte))
    }
  }
}
