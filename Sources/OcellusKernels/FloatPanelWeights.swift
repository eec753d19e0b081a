/// ``PanelFormat/float``: floats already `weight − zeroPoint`, read as they are.
enum FloatPanelWeights: PanelWeights {
  @inline(__always) static var elementBytes: Int { 4 }

  @inline(__always)
  static func load<V: SIMD>(_ p: UnsafeRawPointer, zeroPoint _: V) -> V where V.Scalar == Float {
    p.loadUnaligned(as: V.self)
  }
}
