/// `x < lower ? lower : (x > upper ? upper : x)` as a ``LaneFunction`` (RELU with upper
/// +infinity, RELU_N1_TO_1, RELU_0_TO_1): NaN and −0 stay as they are.
struct ClampLanes: LaneFunction {
  let lower, upper: SIMD8<Float>

  init(lower: Float, upper: Float) {
    (self.lower, self.upper) = (SIMD8(repeating: lower), SIMD8(repeating: upper))
  }

  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> {
    FloatFunctions.whereLess(x, lower, lower, FloatFunctions.whereLess(upper, x, upper, x))
  }
}
