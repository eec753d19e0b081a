import Foundation
import Ocellus
import OcellusMLKit

/// An object the legacy ``VisionObjectDetector`` found (Firebase's `VisionObject`).
public final class VisionObject: @unchecked Sendable {
  /// The box in upright (display) pixels.
  public let frame: CGRect
  /// The stream-mode tracking ID; nil in single-image mode.
  public let trackingID: NSNumber?
  /// The coarse category; ``VisionObjectCategory/unknown`` when there is none or
  /// classification is off.
  public let classificationCategory: VisionObjectCategory
  /// The category's confidence in [0, 1]; nil when the category is unknown.
  public let confidence: NSNumber?

  /// The legacy view of an ML Kit object: its first label's coarse category (by index) and
  /// confidence, or unknown with nil confidence when it has no category label.
  init(_ object: Object) {
    frame = object.frame
    trackingID = object.trackingID
    let label = object.labels.first
    let category = label.flatMap { CoarseCategory(rawValue: $0.index) }
    classificationCategory = category.map { VisionObjectCategory($0) } ?? .unknown
    confidence = category == nil ? nil : label.map { NSNumber(value: $0.confidence) }
  }
}
