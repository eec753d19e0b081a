/// A float32 function of eight lanes for ``FloatFunctions/map(_:_:)``: a value type, so that
/// the loop is specialized for each function and the function inlined in it.
protocol LaneFunction {
  func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float>
}
