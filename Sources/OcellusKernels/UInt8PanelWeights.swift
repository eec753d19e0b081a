/// ``PanelFormat/uint8(zeroPoint:)``: uint8 weights, zero-extended to floats as they are read
/// and their zero point subtracted (exact: every value is an integer below 2^8).
enum UInt8PanelWeights: PanelWeights {
  @inline(__always) static var elementBytes: Int { 1 }

  @inline(__always)
  static func load<V: SIMD>(_ p: UnsafeRawPointer, zeroPoint: V) -> V where V.Scalar == Float {
    var values = V()
    for lane in 0..<V.scalarCount {
      values[lane] = Float(p.load(fromByteOffset: lane, as: UInt8.self))
    }
    return values - zeroPoint
  }
}
