/// `x · relu6(x + 3) / 6` as a ``LaneFunction``.
struct HardSwishLanes: LaneFunction {
  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> { x * FloatFunctions.relu6(x + 3) / 6 }
}
