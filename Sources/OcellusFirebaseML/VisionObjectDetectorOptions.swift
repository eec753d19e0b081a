import OcellusMLKit

/// Options of the legacy base object detector (Firebase's `VisionObjectDetectorOptions()`),
/// with the legacy defaults (stream mode, one object, no classification) and settable
/// `detectorMode`, `shouldEnableMultipleObjects`, `shouldEnableClassification` (and Ocellus'
/// `detectorModel`), inherited from the ML Kit module's `CommonObjectDetectorOptions`.
public final class VisionObjectDetectorOptions: CommonObjectDetectorOptions {
  /// Options with the legacy defaults.
  public override init() {}
}
