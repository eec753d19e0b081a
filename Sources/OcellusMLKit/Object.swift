import Foundation
import Ocellus

/// An object an ``ObjectDetector`` found: ML Kit's `Object`.
public final class Object: @unchecked Sendable {
  /// The box in upright (display) pixels, origin top-left.
  public let frame: CGRect
  /// The labels, best first (empty when classification is off).
  public let labels: [ObjectLabel]
  /// The stream-mode tracking ID; nil in single-image mode.
  public let trackingID: NSNumber?

  /// The ML Kit view of an Ocellus object.
  init(_ object: DetectedObject) {
    frame = object.frame
    labels = object.labels.map(ObjectLabel.init)
    trackingID = object.trackingID.map { NSNumber(value: $0) }
  }
}
