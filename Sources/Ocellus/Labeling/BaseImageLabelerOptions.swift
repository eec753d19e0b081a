/// Options for labeling images with the built-in classifier: ML Kit's base
/// `ImageLabelerOptions()`.
///
/// Labels are the built-in ImageNet classifier's classes (``BuiltInModels/coarseCategories``
/// names) with `confidence >= threshold` (INCLUSIVE), best first, with no cap on their number,
/// as ML Kit's on-device labeler. The threshold is ``confidenceThreshold`` when it is set and in
/// [0, 1], else 0.5 (ML Kit's default).
public struct BaseImageLabelerOptions: Sendable {
  /// The smallest confidence kept (inclusive), in [0, 1]; nil (or a value outside [0, 1] or
  /// NaN) uses ``defaultConfidenceThreshold``.
  public var confidenceThreshold: Float?
  /// The built-in models; nil (the default) fails the labeler with
  /// ``VisionError/builtInModelsUnavailable(needed:)``. The `OcellusDefaultModels` product has
  /// them (`DefaultModels.builtInModels()`).
  public var builtInModels: BuiltInModels?
  /// Interpreter threads (at least 1). Results do not depend on it.
  public var threadCount: Int

  /// ML Kit's threshold when none is set.
  public static let defaultConfidenceThreshold: Float = 0.5

  /// Options with ML Kit's defaults.
  public init(
    confidenceThreshold: Float? = nil, builtInModels: BuiltInModels? = nil, threadCount: Int = 1
  ) {
    self.confidenceThreshold = confidenceThreshold
    self.builtInModels = builtInModels
    self.threadCount = threadCount
  }

  /// The equivalent custom-model options: the built-in classifier, its names, every class
  /// that reaches the threshold.
  ///
  /// - Throws: ``VisionError/builtInModelsUnavailable(needed:)`` without ``builtInModels``.
  public func customImageLabelerOptions() throws(VisionError) -> CustomImageLabelerOptions {
    guard let builtInModels else {
      throw .builtInModelsUnavailable(needed: "an image labeler without a model")
    }
    var threshold = Self.defaultConfidenceThreshold
    if let confidenceThreshold, (0...1).contains(confidenceThreshold) {
      threshold = confidenceThreshold
    }
    return CustomImageLabelerOptions(
      localModel: builtInModels.imageClassifier, confidenceThreshold: threshold,
      maxResultCount: builtInModels.coarseCategories.classCount,
      modelOptions: builtInModels.imageClassifierOptions, threadCount: threadCount)
  }
}
