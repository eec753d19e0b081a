/// ``FloatFunctions/logistic(_:)`` as a ``LaneFunction``.
struct LogisticLanes: LaneFunction {
  @inline(__always)
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> { FloatFunctions.logistic(x) }
}
