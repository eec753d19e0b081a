/// e^((x − shift) · scale) (SOFTMAX's numerators) as a ``LaneFunction``.
struct ScaledExpLanes: LaneFunction {
  let shift, scale: SIMD8<Float>

  init(shift: Float, scale: Float) {
    (self.shift, self.scale) = (SIMD8(repeating: shift), SIMD8(repeating: scale))
  }

  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> {
    FloatFunctions.exp((x - shift) * scale)
  }
}
