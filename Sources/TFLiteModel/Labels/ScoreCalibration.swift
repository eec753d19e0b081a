/// Sigmoid score calibration arithmetic (TENSOR_AXIS_SCORE_CALIBRATION), as pure
/// functions.
///
/// Mirrors the Task Library's `score_calibration.cc` including its mix of `float` and
/// `double`: inputs, parameters and intermediate `g(x)` and `z` are `Float`; logarithms and
/// exponentials are evaluated in `Double` and rounded back to `Float` at the same points
/// as upstream. One addition: the result is clamped to `[0, scale]`.
public enum ScoreCalibration {
  /// The threshold below which ``clampedLog(_:)`` stops using `log` directly: the
  /// `Float` nearest to 1e-16 (as upstream's `constexpr float kLogScoreMinimum`).
  public static let logScoreMinimum: Float = 1e-16

  /// A logarithm that stays finite and order-preserving near and below zero.
  ///
  /// For `x >= t` (t = ``logScoreMinimum``) it is `log(x)`; below, it is
  /// `2 * log(t) - log(2 * t - x)`, which is continuous with a continuous first
  /// derivative at `t`. Computed in `Double`, returned as `Float`.
  public static func clampedLog(_ x: Float) -> Float {
    let threshold = Double(logScoreMinimum)
    if x < logScoreMinimum {
      return Float(2.0 * CMath.log(threshold) - CMath.log(2.0 * threshold - Double(x)))
    }
    return Float(CMath.log(Double(x)))
  }

  /// Applies a score transformation `g`: identity `x`, log `clampedLog(x)`, or inverse
  /// logistic `clampedLog(x) - clampedLog(1 - x)` (with `1 - x` computed in `Double`).
  public static func transform(_ score: Float, _ type: ScoreTransformationType) -> Float {
    switch type {
    case .identity:
      return score
    case .log:
      return clampedLog(score)
    case .inverseLogistic:
      return clampedLog(score) - clampedLog(Float(1.0 - Double(score)))
    }
  }

  /// Calibrates one raw score.
  ///
  /// - Returns: `defaultScore` (unchanged) if `sigmoid` is `nil` (the class has no
  ///   parameters: an empty line) or `score` is strictly below its `minScore`. Otherwise,
  ///   with `z = slope * g(score) + offset` in `Float`: `scale / (1 + exp(-z))` for
  ///   `z >= 0` and `scale * exp(z) / (1 + exp(z))` for `z < 0` (the numerically stable
  ///   forms), clamped to `[0, scale]`; a NaN result (from a NaN score or parameter)
  ///   becomes 0.
  public static func calibrate(
    _ score: Float, sigmoid: SigmoidParameters?, transformation: ScoreTransformationType,
    defaultScore: Float
  ) -> Float {
    guard let sigmoid else { return defaultScore }
    if let minScore = sigmoid.minScore, score < minScore {
      return defaultScore
    }
    let transformed = transform(score, transformation)
    let z: Float = transformed * sigmoid.slope + sigmoid.offset
    let result: Float
    if z >= 0 {
      result = Float(Double(sigmoid.scale) / (1.0 + CMath.exp(Double(-z))))
    } else {
      let expZ = Float(CMath.exp(Double(z)))
      result = Float(Double(sigmoid.scale * expZ) / (1.0 + Double(expZ)))
    }
    guard result >= 0 else { return 0 }
    return result > sigmoid.scale ? sigmoid.scale : result
  }
}
