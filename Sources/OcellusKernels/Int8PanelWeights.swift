/// ``PanelFormat/int8``: int8 weights of zero point 0, sign-extended to floats as they are
/// read (a widening load and a conversion per vector).
enum Int8PanelWeights: PanelWeights {
  @inline(__always) static var elementBytes: Int { 1 }

  @inline(__always)
  static func load<V: SIMD>(_ p: UnsafeRawPointer, zeroPoint _: V) -> V where V.Scalar == Float {
    var values = V()
    for lane in 0..<V.scalarCount {
      values[lane] = Float(p.load(fromByteOffset: lane, as: Int8.self))
    }
    return values
  }
}
