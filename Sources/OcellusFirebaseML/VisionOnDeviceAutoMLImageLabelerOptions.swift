/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). Options of the legacy on-device AutoML
/// image labeler (`FIRVisionOnDeviceAutoMLImageLabelerOptions`).
///
/// Unlike the current ``CustomImageLabelerOptions`` (no threshold: metadata, else 0.0), the
/// legacy ``confidenceThreshold`` DEFAULTS TO 0.5 (BEHAVIOR.md E.3); both defaults are kept. Labels
/// with `confidence >= threshold` are returned, best first, all of them.
public struct VisionOnDeviceAutoMLImageLabelerOptions: ImageLabelerOptions {
  /// The AutoML bundle.
  public var localModel: AutoMLImageLabelerLocalModel
  /// The smallest confidence kept (inclusive), in [0, 1]; default 0.5.
  public var confidenceThreshold: Float

  /// Options for `localModel` with the legacy default threshold 0.5.
  public init(localModel: AutoMLImageLabelerLocalModel, confidenceThreshold: Float = 0.5) {
    self.localModel = localModel
    self.confidenceThreshold = confidenceThreshold
  }

  /// The equivalent current options: this threshold, no count limit.
  public var customImageLabelerOptions: CustomImageLabelerOptions {
    CustomImageLabelerOptions(
      localModel: localModel, confidenceThreshold: confidenceThreshold, maxResultCount: Int.max)
  }
}
