/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). The legacy entry point
/// (`Vision.vision()`), which hands out detectors and labelers.
public struct Vision: Sendable {
  /// The shared instance (`Vision.vision()`).
  public static func vision() -> Vision { Vision() }

  /// A legacy base object detector.
  public func objectDetector(options: VisionObjectDetectorOptions = VisionObjectDetectorOptions())
    throws(VisionError) -> VisionObjectDetector
  {
    try VisionObjectDetector(options: options)
  }

  /// A legacy on-device AutoML image labeler.
  public func onDeviceAutoMLImageLabeler(options: VisionOnDeviceAutoMLImageLabelerOptions)
    throws(VisionError) -> VisionImageLabeler
  {
    try VisionImageLabeler(options: options)
  }
}
