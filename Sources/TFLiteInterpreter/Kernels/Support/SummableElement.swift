/// An element type that kernels add as TFLite's C++ `+` does: float32 rounds, int32 and int64
/// wrap on overflow.
protocol SummableElement: Numeric {
  /// `a + b`, rounded (floats) or wrapped (integers).
  static func sum(_ a: Self, _ b: Self) -> Self
}

extension Float: SummableElement {
  @inline(__always) static func sum(_ a: Float, _ b: Float) -> Float { a + b }
}

extension Int32: SummableElement {
  @inline(__always) static func sum(_ a: Int32, _ b: Int32) -> Int32 { a &+ b }
}

extension Int64: SummableElement {
  @inline(__always) static func sum(_ a: Int64, _ b: Int64) -> Int64 { a &+ b }
}
