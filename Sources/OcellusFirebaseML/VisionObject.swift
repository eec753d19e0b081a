import Foundation

/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). An object the legacy
/// ``VisionObjectDetector`` found (`FIRVisionObject`).
public struct VisionObject: Sendable, Equatable {
  /// The box in upright (display) pixels.
  public var frame: CGRect
  /// The stream-mode tracking ID; nil in single-image mode.
  public var trackingID: Int?
  /// The coarse category; ``VisionObjectCategory/unknown`` when there is none or
  /// classification is off.
  public var classificationCategory: VisionObjectCategory
  /// The category's confidence in [0, 1]; nil when the category is unknown.
  public var confidence: Float?

  /// Creates an object.
  public init(
    frame: CGRect, trackingID: Int?, classificationCategory: VisionObjectCategory,
    confidence: Float?
  ) {
    self.frame = frame
    self.trackingID = trackingID
    self.classificationCategory = classificationCategory
    self.confidence = confidence
  }

  /// The legacy view of a current result: its first label's coarse category (by index) and
  /// confidence, or unknown with nil confidence when it has no category label.
  public init(_ object: DetectedObject) {
    let label = object.labels.first
    let category = label.flatMap { CoarseCategory(rawValue: $0.index) }
    self.init(
      frame: object.frame, trackingID: object.trackingID,
      classificationCategory: category.map { VisionObjectCategory($0) } ?? .unknown,
      confidence: category == nil ? nil : label?.confidence)
  }
}
