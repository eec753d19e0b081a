/// One float arithmetic operation as a type, so that generic loops specialize on it and call
/// it directly (no function value per element).
protocol FloatArithmetic {
  static func apply(_ x: Float, _ y: Float) -> Float
}

/// `x + y`.
enum FloatAdd: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x + y }
}

/// `x − y`.
enum FloatSubtract: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x - y }
}

/// `x · y`.
enum FloatMultiply: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x * y }
}
