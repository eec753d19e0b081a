/// Options for labeling images with a custom classifier model or an AutoML bundle: ML Kit's
/// `CustomImageLabelerOptions(localModel:)`.
///
/// Results keep labels with `confidence >= threshold` (INCLUSIVE), best first, at most
/// ``maxResultCount``. The threshold is ``confidenceThreshold`` when it is set and in [0, 1],
/// else the model metadata's `ScoreThresholdingOptions`, else 0.0 (BEHAVIOR.md E.3).
public struct CustomImageLabelerOptions: ImageLabelerOptions {
  /// The classifier: a ``LocalModel`` or an ``AutoMLImageLabelerLocalModel``.
  public var localModel: any ClassifierModelSource
  /// The smallest confidence kept (inclusive), in [0, 1]; nil (or a value outside [0, 1] or
  /// NaN) falls back to the metadata threshold, else 0.0.
  public var confidenceThreshold: Float?
  /// The most labels returned, best first; must be positive (default 10).
  public var maxResultCount: Int
  /// A function applied to the scores before thresholding, for models that output logits;
  /// `.none` (the default) uses scores as given, as upstream.
  public var scoreActivation: ScoreActivation
  /// Overrides for what the model's metadata lacks (normalization, labels), the display-name
  /// locale and the allow/deny lists of class names.
  public var modelOptions: ClassifierModelOptions
  /// Interpreter threads (at least 1). Results do not depend on it.
  public var threadCount: Int

  /// Options with ML Kit's defaults: no explicit threshold, at most 10 labels.
  public init(
    localModel: any ClassifierModelSource, confidenceThreshold: Float? = nil,
    maxResultCount: Int = 10, scoreActivation: ScoreActivation = .none,
    modelOptions: ClassifierModelOptions = ClassifierModelOptions(), threadCount: Int = 1
  ) {
    self.localModel = localModel
    self.confidenceThreshold = confidenceThreshold
    self.maxResultCount = maxResultCount
    self.scoreActivation = scoreActivation
    self.modelOptions = modelOptions
    self.threadCount = threadCount
  }

  /// These options themselves.
  public var customImageLabelerOptions: CustomImageLabelerOptions { self }

  /// ``confidenceThreshold`` when it is valid (in [0, 1]), else nil (fall back).
  var validThreshold: Float? {
    guard let confidenceThreshold, (0...1).contains(confidenceThreshold) else { return nil }
    return confidenceThreshold
  }
}
