import TFLiteModel

/// An elementwise float function of one operand, computed as TFLite's float kernels compute
/// it (the C library's `float` functions, rounding and NaN handling included).
enum UnaryMath: Equatable, Sendable {
  /// `|x|` (ABS).
  case abs
  /// `⌈x⌉` (CEIL).
  case ceil
  /// `cos x` (COS).
  case cos
  /// `eˣ` (EXP).
  case exp
  /// `⌊x⌋` (FLOOR).
  case floor
  /// `ln x` (LOG; NaN below 0, −∞ at 0).
  case log
  /// `−x` (NEG).
  case negate
  /// The nearest integer, halves to even (ROUND).
  case round
  /// `1 / √x` (RSQRT).
  case reciprocalSquareRoot
  /// `sin x` (SIN).
  case sin
  /// `√x` (SQRT).
  case squareRoot
  /// `x · x` (SQUARE).
  case square
  /// −1, 0 or 1 as `x` is negative, zero or positive; NaN stays NaN (SIGN).
  case sign
  /// `x < 0 ? eˣ − 1 : x` (ELU), with `expm1`.
  case elu
  /// `x · Φ(x)` (GELU): `0.5 x (1 + erf(x / √2))`, or with `approximate` the tanh form
  /// `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`.
  case gelu(approximate: Bool)

  /// The function at `x`.
  @inline(__always)
  func callAsFunction(_ x: Float) -> Float {
    switch self {
    case .abs: return Swift.abs(x)
    case .ceil: return x.rounded(.up)
    case .cos: return CMath.cosf(x)
    case .exp: return CMath.expf(x)
    case .floor: return x.rounded(.down)
    case .log: return CMath.logf(x)
    case .negate: return -x
    case .round: return x.rounded(.toNearestOrEven)
    case .reciprocalSquareRoot: return 1 / x.squareRoot()
    case .sin: return CMath.sinf(x)
    case .squareRoot: return x.squareRoot()
    case .square: return x * x
    case .sign: return x > 0 ? 1 : x < 0 ? -1 : x.isNaN ? x : 0
    case .elu: return x < 0 ? CMath.expm1f(x) : x
    case .gelu(let approximate):
      if approximate {
        let inner: Float = 0.797_884_56 * (x + 0.044715 * x * x * x)
        return 0.5 * x * (1 + CMath.tanhf(inner))
      }
      return 0.5 * x * (1 + CMath.erff(x * 0.707_106_78))
    }
  }
}
