/// An elementwise float32 function of the `floatFunction` entry (``FloatFunctions``), with
/// TFLite's float semantics, NaN included.
public enum FloatFunction: Sendable, Equatable {
  /// 1 / (1 + e^-x), with TFLite's reference cut-offs (exactly 1 above 16.619047, e^x below −9).
  case logistic
  /// tanh(x).
  case tanh
  /// e^x (EXP).
  case exp
  /// e^((x − shift) · scale) (SOFTMAX's numerators).
  case scaledExp(shift: Float, scale: Float)
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
}
