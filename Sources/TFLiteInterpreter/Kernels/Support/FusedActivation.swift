import TFLiteModel

/// The clamp a fused activation applies to an op's float output.
struct FusedActivation {
  /// Lowest output value (inclusive).
  let lower: Float
  /// Highest output value (inclusive).
  let upper: Float

  /// The clamp for `activation`; TANH and SIGN_BIT are not clamps and are rejected, as in TFLite.
  init(_ activation: ActivationFunction, node: NodeContext) throws(InterpreterError) {
    switch activation {
    case .none: (lower, upper) = (-.infinity, .infinity)
    case .relu: (lower, upper) = (0, .infinity)
    case .reluN1To1: (lower, upper) = (-1, 1)
    case .relu6: (lower, upper) = (0, 6)
    case .tanh, .signBit: throw node.unsupported("fused activation \(activation) is not supported")
    }
  }

  /// True when the clamp changes nothing.
  var isIdentity: Bool { lower == -.infinity && upper == .infinity }

  /// Clamps one value: `min(max(x, lower), upper)`, written so that NaN stays NaN.
  @inline(__always)
  func apply(_ value: Float) -> Float {
    value < lower ? lower : (value > upper ? upper : value)
  }
}
