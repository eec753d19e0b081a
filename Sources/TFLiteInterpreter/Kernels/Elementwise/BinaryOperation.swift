/// An elementwise operation of two tensors.
enum BinaryOperation {
  case add, subtract, multiply, divide, maximum, minimum, floorMod

  @inline(__always)
  func apply(_ a: Float, _ b: Float) -> Float {
    switch self {
    case .add: return a + b
    case .subtract: return a - b
    case .multiply: return a * b
    case .divide: return a / b
    // As std::max/std::min in TFLite: the first operand wins ties and NaN comparisons.
    case .maximum: return a < b ? b : a
    case .minimum: return b < a ? b : a
    case .floorMod:
      // Remainder with the sign of the divisor, as Python's % and TFLite's FloorMod.
      let remainder = a.truncatingRemainder(dividingBy: b)
      return remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder
    }
  }

  /// The integer result, or nil where TFLite's result is undefined (division or modulo by zero).
  @inline(__always)
  func apply(_ a: Int32, _ b: Int32) -> Int32 {
    switch self {
    case .add: return a &+ b
    case .subtract: return a &- b
    case .multiply: return a &* b
    case .divide: return b == 0 ? 0 : (a == .min && b == -1 ? .min : a / b)
    case .maximum: return max(a, b)
    case .minimum: return min(a, b)
    case .floorMod:
      guard b != 0, !(a == .min && b == -1) else { return 0 }
      let remainder = a % b
      return remainder != 0 && (remainder < 0) != (b < 0) ? remainder &+ b : remainder
    }
  }
}
