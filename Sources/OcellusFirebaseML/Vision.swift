import OcellusMLKit

/// The legacy entry point (Firebase's `Vision.vision()`), which hands out detectors and
/// labelers. None of its factories fail: a problem surfaces in the detector's or labeler's
/// `process` and `results(in:)`.
public final class Vision: Sendable {
  private static let shared = Vision()

  /// The shared instance.
  public static func vision() -> Vision { shared }

  /// A base object detector with the legacy defaults (stream mode, one object, no
  /// classification).
  public func objectDetector() -> VisionObjectDetector {
    objectDetector(options: VisionObjectDetectorOptions())
  }

  /// A base object detector for `options`.
  public func objectDetector(options: VisionObjectDetectorOptions) -> VisionObjectDetector {
    VisionObjectDetector(options: options)
  }

  /// An on-device image labeler with the built-in classifier and the legacy defaults
  /// (threshold 0.5).
  public func onDeviceImageLabeler() -> VisionImageLabeler {
    onDeviceImageLabeler(options: VisionOnDeviceImageLabelerOptions())
  }

  /// An on-device image labeler with the built-in classifier for `options`.
  public func onDeviceImageLabeler(options: VisionOnDeviceImageLabelerOptions)
    -> VisionImageLabeler
  {
    VisionImageLabeler(options: options)
  }

  /// An on-device AutoML image labeler for `options`.
  public func onDeviceAutoMLImageLabeler(options: VisionOnDeviceAutoMLImageLabelerOptions)
    -> VisionImageLabeler
  {
    VisionImageLabeler(options: options)
  }
}
