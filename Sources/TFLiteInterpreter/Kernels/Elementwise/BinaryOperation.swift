import TFLiteModel

/// An elementwise operation of two tensors, and the types TFLite (LiteRT 2.3.0) runs it in.
enum BinaryOperation {
  case add, subtract, multiply, divide, maximum, minimum, floorMod, floorDivide, squaredDifference
  /// `atan2(a, b)`, float32 only (ATAN2).
  case arcTangent

  /// The types run on their stored values by ``BinaryKernel`` (int16 ADD and MUL only when the
  /// tensors carry no quantization; FLOOR_MOD and FLOOR_DIV ignore quantization, as TFLite).
  var plainTypes: Set<TensorType> {
    switch self {
    case .add, .multiply: [.float32, .int32, .int64, .int16]
    case .subtract, .maximum, .minimum: [.float32, .int32, .int64]
    case .divide, .squaredDifference: [.float32, .int32]
    case .floorMod: [.float32, .int32, .int64, .int16, .int8]
    case .floorDivide: [.float32, .int32, .int16, .int8]
    case .arcTangent: [.float32]
    }
  }

  /// The quantized types ``QuantizedBinaryKernel`` runs.
  var quantizedTypes: Set<TensorType> {
    switch self {
    case .add, .subtract, .multiply, .divide, .maximum, .minimum: [.uint8, .int8, .int16]
    case .squaredDifference: [.int8]
    case .floorMod, .floorDivide, .arcTangent: []
    }
  }

  /// The float result, as TFLite's float kernels compute it.
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
    case .floorDivide:
      // std::floor of the quotient in double, then narrowed (±inf or NaN for a zero divisor).
      return Float((Double(a) / Double(b)).rounded(.down))
    case .squaredDifference:
      let difference = a - b
      return difference * difference
    case .arcTangent: return CMath.atan2f(a, b)
    }
  }

  /// The integer result, wrapping where C++ wraps. Where TFLite fails at run time (an integer
  /// division, FLOOR_DIV or FLOOR_MOD by zero) the result is 0; the one overflowing quotient
  /// (`min / −1`) wraps to `min`, as x86-64 converts the out-of-range value.
  @inline(__always)
  func apply<T: FixedWidthInteger & SignedInteger>(_ a: T, _ b: T) -> T {
    switch self {
    case .add: return a &+ b
    case .subtract: return a &- b
    case .multiply: return a &* b
    case .divide: return b == 0 ? 0 : a.dividedReportingOverflow(by: b).partialValue
    case .maximum: return max(a, b)
    case .minimum: return min(a, b)
    case .floorMod:
      guard b != 0, !(a == .min && b == -1) else { return 0 }
      let remainder = a % b
      return remainder != 0 && (remainder < 0) != (b < 0) ? remainder &+ b : remainder
    case .floorDivide:
      guard b != 0 else { return 0 }
      guard !(a == .min && b == -1) else { return .min }
      let quotient = a / b
      return a % b != 0 && (a < 0) != (b < 0) ? quotient - 1 : quotient
    case .squaredDifference:
      let difference = a &- b
      return difference &* difference
    // Float only (plainTypes): never reached with integers.
    case .arcTangent: return 0
    }
  }
}
