/// ``FloatFunctions/tanh(_:)`` as a ``LaneFunction``.
struct TanhLanes: LaneFunction {
  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> { FloatFunctions.tanh(x) }
}
