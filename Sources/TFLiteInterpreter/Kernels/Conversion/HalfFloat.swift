/// IEEE 754 binary16 → binary32 conversion from raw bits, exact for every input (normals,
/// subnormals, ±0, ±inf, and NaN with its payload and sign kept), without the `Float16` type
/// (which not every platform has).
enum HalfFloat {
  /// The float32 value of the half-precision number with bit pattern `bits`.
  @inline(__always)
  static func float(fromBits bits: UInt16) -> Float {
    let sign = UInt32(bits & 0x8000) << 16
    let magnitude = UInt32(bits & 0x7FFF)
    if magnitude >= 0x7C00 {
      // Infinity or NaN: all-ones exponent, same mantissa bits.
      return Float(bitPattern: sign | 0x7F80_0000 | ((magnitude & 0x03FF) << 13))
    }
    // Read exponent and mantissa as a float32 (bias 127 instead of 15), then scale by 2^112:
    // exact for normals, and for subnormals (which land on float32 subnormals first).
    let scaled = Float(bitPattern: magnitude << 13) * 0x1p112
    return Float(bitPattern: scaled.bitPattern | sign)
  }
}
