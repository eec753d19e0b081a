/// One float function of one operand as a type, so that generic loops specialize on it and
/// vectorize (no function value or switch per element); each the same arithmetic as
/// ``UnaryMath``'s case.
protocol FloatUnaryArithmetic {
  static func apply(_ x: Float) -> Float
}

/// `|x|`.
enum FloatAbsolute: FloatUnaryArithmetic {
  @inline(__always) static func apply(_ x: Float) -> Float { Swift.abs(x) }
}

/// `−x`.
enum FloatNegate: FloatUnaryArithmetic {
  @inline(__always) static func apply(_ x: Float) -> Float { -x }
}

/// `x · x`.
enum FloatSquare: FloatUnaryArithmetic {
  @inline(__always) static func apply(_ x: Float) -> Float { x * x }
}

/// `√x`.
enum FloatSquareRoot: FloatUnaryArithmetic {
  @inline(__always) static func apply(_ x: Float) -> Float { x.squareRoot() }
}

/// `1 / √x`.
enum FloatReciprocalSquareRoot: FloatUnaryArithmetic {
  @inline(__always) static func apply(_ x: Float) -> Float { 1 / x.squareRoot() }
}
