/// An elementwise float activation, with TFLite's float semantics (including where NaN goes).
enum UnaryActivation: Equatable {
  /// 1 / (1 + e^-x), with the reference kernel's cut-offs (see ``VectorMath/logistic(_:)``).
  case logistic
  /// tanh(x).
  case tanh
  /// `x < 0 ? 0 : x` (NaN stays NaN).
  case relu
  /// `min(max(0, x), 6)` as std::max/std::min evaluate it: NaN becomes 0.
  case relu6
  /// `x > 1 ? 1 : (x < -1 ? -1 : x)` (NaN stays NaN).
  case reluN1To1
  /// `x > 1 ? 1 : (x < 0 ? 0 : x)` (NaN stays NaN).
  case relu0To1
  /// `x · min(6, max(0, x + 3)) / 6`.
  case hardSwish
  /// `x > 0 ? x : x · alpha`.
  case leakyRelu(alpha: Float)

  /// The activation of eight values.
  @inline(__always)
  func apply(_ x: VectorMath.Vector) -> VectorMath.Vector {
    let zero = VectorMath.Vector(repeating: 0)
    switch self {
    case .logistic: return VectorMath.logistic(x)
    case .tanh: return VectorMath.tanh(x)
    case .relu: return x.replacing(with: 0, where: x .< 0)
    case .relu6:
      let positive = zero.replacing(with: x, where: x .> 0)
      return positive.replacing(with: 6, where: positive .> 6)
    case .reluN1To1:
      return x.replacing(with: 1, where: x .> 1).replacing(with: -1, where: x .< -1)
    case .relu0To1:
      return x.replacing(with: 1, where: x .> 1).replacing(with: 0, where: x .< 0)
    case .hardSwish:
      let shifted = x + 3
      let positive = zero.replacing(with: shifted, where: shifted .> 0)
      return x * positive.replacing(with: 6, where: positive .> 6) / 6
    case .leakyRelu(let alpha):
      return x.replacing(with: x * alpha, where: .!(x .> 0))
    }
  }
}
