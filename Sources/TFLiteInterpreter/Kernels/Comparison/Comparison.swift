/// An elementwise comparison of two operands (EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER,
/// GREATER_EQUAL), with C++'s semantics: on floats every ordered comparison with NaN is false
/// and NOT_EQUAL with NaN is true.
enum Comparison: Sendable {
  case equal, notEqual, less, lessEqual, greater, greaterEqual

  /// True for EQUAL and NOT_EQUAL, which TFLite also runs on bool operands and on quantized
  /// int16 after rescaling.
  var isEquality: Bool { self == .equal || self == .notEqual }

  /// `a ⋄ b`.
  @inline(__always)
  func apply<T: Comparable>(_ a: T, _ b: T) -> Bool {
    switch self {
    case .equal: a == b
    case .notEqual: a != b
    case .less: a < b
    case .lessEqual: a <= b
    case .greater: a > b
    case .greaterEqual: a >= b
    }
  }
}
