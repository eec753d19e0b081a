/// e^x (EXP) as a ``LaneFunction``.
struct ExpLanes: LaneFunction {
  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> { FloatFunctions.exp(x) }
}
