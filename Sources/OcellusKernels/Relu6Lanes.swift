/// ``FloatFunctions/relu6(_:)`` (NaN to 0, as std::min/std::max give it) as a ``LaneFunction``.
struct Relu6Lanes: LaneFunction {
  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> { FloatFunctions.relu6(x) }
}
