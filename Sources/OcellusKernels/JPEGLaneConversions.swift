/// Lane-type conversions written lane by lane so they always inline (the generic
/// `SIMDn(truncatingIfNeeded:)` initializers may be left as calls inside large functions, which
/// costs more than the arithmetic). LLVM turns each into a few shuffle / pack instructions.
enum JPEGLaneConversions {
  @inline(__always)
  static func int32(_ v: SIMD8<Int16>) -> SIMD8<Int32> {
    SIMD8(
      Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]),
      Int32(v[7]))
  }
  @inline(__always)
  static func int16(_ v: SIMD16<UInt8>) -> SIMD16<Int16> {
    SIMD16(
      Int16(v[0]), Int16(v[1]), Int16(v[2]), Int16(v[3]), Int16(v[4]), Int16(v[5]), Int16(v[6]),
      Int16(v[7]), Int16(v[8]), Int16(v[9]), Int16(v[10]), Int16(v[11]), Int16(v[12]), Int16(v[13]),
      Int16(v[14]), Int16(v[15]))
  }
  @inline(__always)
  static func int16Truncating(_ v: SIMD8<Int32>) -> SIMD8<Int16> {
    SIMD8(
      Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]),
      Int16(truncatingIfNeeded: v[2]), Int16(truncatingIfNeeded: v[3]),
      Int16(truncatingIfNeeded: v[4]), Int16(truncatingIfNeeded: v[5]),
      Int16(truncatingIfNeeded: v[6]), Int16(truncatingIfNeeded: v[7]))
  }
  @inline(__always)
  static func uint8Truncating(_ v: SIMD8<Int16>) -> SIMD8<UInt8> {
    SIMD8(
      UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
      UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
      UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
      UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
  }
  @inline(__always)
  static func uint8Truncating(_ v: SIMD16<Int16>) -> SIMD16<UInt8> {
    SIMD16(
      UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
      UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
      UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
      UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]),
      UInt8(truncatingIfNeeded: v[8]), UInt8(truncatingIfNeeded: v[9]),
      UInt8(truncatingIfNeeded: v[10]), UInt8(truncatingIfNeeded: v[11]),
      UInt8(truncatingIfNeeded: v[12]), UInt8(truncatingIfNeeded: v[13]),
      UInt8(truncatingIfNeeded: v[14]), UInt8(truncatingIfNeeded: v[15]))
  }
  @inline(__always)
  static func uint16(_ v: SIMD16<Int16>) -> SIMD16<UInt16> {
    SIMD16(
      UInt16(bitPattern: v[0]), UInt16(bitPattern: v[1]), UInt16(bitPattern: v[2]),
      UInt16(bitPattern: v[3]), UInt16(bitPattern: v[4]), UInt16(bitPattern: v[5]),
      UInt16(bitPattern: v[6]), UInt16(bitPattern: v[7]), UInt16(bitPattern: v[8]),
      UInt16(bitPattern: v[9]), UInt16(bitPattern: v[10]), UInt16(bitPattern: v[11]),
      UInt16(bitPattern: v[12]), UInt16(bitPattern: v[13]), UInt16(bitPattern: v[14]),
      UInt16(bitPattern: v[15]))
  }
  @inline(__always)
  static func uint16(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> {
    SIMD16(
      UInt16(v[0]), UInt16(v[1]), UInt16(v[2]), UInt16(v[3]), UInt16(v[4]), UInt16(v[5]),
      UInt16(v[6]), UInt16(v[7]), UInt16(v[8]), UInt16(v[9]), UInt16(v[10]), UInt16(v[11]),
      UInt16(v[12]), UInt16(v[13]), UInt16(v[14]), UInt16(v[15]))
  }
  @inline(__always)
  static func zip(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD16<UInt16> {
    SIMD16(
      a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]
    )
  }
  @inline(__always)
  static func int16(_ v: SIMD16<UInt16>) -> SIMD16<Int16> {
    SIMD16(
      Int16(bitPattern: v[0]), Int16(bitPattern: v[1]), Int16(bitPattern: v[2]),
      Int16(bitPattern: v[3]), Int16(bitPattern: v[4]), Int16(bitPattern: v[5]),
      Int16(bitPattern: v[6]), Int16(bitPattern: v[7]), Int16(bitPattern: v[8]),
      Int16(bitPattern: v[9]), Int16(bitPattern: v[10]), Int16(bitPattern: v[11]),
      Int16(bitPattern: v[12]), Int16(bitPattern: v[13]), Int16(bitPattern: v[14]),
      Int16(bitPattern: v[15]))
  }
}
