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

/// `x / y`.
enum FloatDivide: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x / y }
}

/// `max(x, y)` as std::max: `x` wins ties and NaN comparisons.
enum FloatMaximum: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x < y ? y : x }
}

/// `min(x, y)` as std::min: `x` wins ties and NaN comparisons.
enum FloatMinimum: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { y < x ? y : x }
}

/// `(x − y)²`.
enum FloatSquaredDifference: FloatArithmetic {
  @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float {
    let difference = x - y
    return difference * difference
  }
}
