/// `x > 0 ? x : x · alpha` as a ``LaneFunction``.
struct LeakyReluLanes: LaneFunction {
  let alpha: SIMD8<Float>

  init(alpha: Float) { self.alpha = SIMD8(repeating: alpha) }

  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> {
    FloatFunctions.whereLess(SIMD8(), x, x, x * alpha)
  }
}
