/// An optional function applied to a classifier's scores after dequantization and before
/// calibration and thresholding, for models that output logits (BEHAVIOR.md G.6).
///
/// Upstream applies none, so ``none`` is the default.
public enum ScoreActivation: String, Sendable, Equatable, CaseIterable {
  /// Scores are used as the model gives them (upstream behaviour).
  case none
  /// `exp(s_i - max) / Σ exp(s_j - max)` over all classes of the head.
  case softmax
  /// `1 / (1 + exp(-s_i))` for each class.
  case sigmoid
}
