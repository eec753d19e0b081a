import Foundation

/// An object an ``ObjectDetector`` found: ML Kit's `Object`.
///
/// Rectangles are in pixels, origin at the top-left, y down, covering
/// `[minX, maxX) × [minY, maxY)`, with whole-pixel edges clamped to the image.
public struct DetectedObject: Sendable, Equatable {
  /// The box in the options' ``BoxCoordinateSpace``: the upright (display) image by default
  /// (BEHAVIOR.md D-11), else the stored pixels.
  public var frame: CGRect
  /// The box in the upright (display) image.
  public var displayFrame: CGRect
  /// The box in the stored (raw) pixels.
  public var rawFrame: CGRect
  /// The classifications, best first: empty when classification is off, when the base
  /// detector's class has no coarse category ("unknown", BEHAVIOR.md D-5), or when no label reached the
  /// threshold.
  public var labels: [ObjectLabel]
  /// The object's ID across stream-mode frames: non-negative, never reused by a detector; nil
  /// in single-image mode.
  public var trackingID: Int?
  /// The detector's score for the box (class-agnostic proposal score), in [0, 1].
  public var detectionConfidence: Float
  /// The detector model's class index for the box.
  public var detectorClassIndex: Int
  /// The detector model's class name for the box ("" when it has no labels).
  public var detectorClassName: String

  /// Creates an object.
  public init(
    frame: CGRect, displayFrame: CGRect, rawFrame: CGRect, labels: [ObjectLabel],
    trackingID: Int?, detectionConfidence: Float, detectorClassIndex: Int,
    detectorClassName: String
  ) {
    self.frame = frame
    self.displayFrame = displayFrame
    self.rawFrame = rawFrame
    self.labels = labels
    self.trackingID = trackingID
    self.detectionConfidence = detectionConfidence
    self.detectorClassIndex = detectorClassIndex
    self.detectorClassName = detectorClassName
  }
}
