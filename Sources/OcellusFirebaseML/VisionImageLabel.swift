import Foundation
import OcellusMLKit

/// A label of the legacy on-device AutoML image labeler (Firebase's `VisionImageLabel`).
public final class VisionImageLabel: @unchecked Sendable {
  /// The label text (from the bundle's `dict.txt`).
  public let text: String
  /// The confidence in [0, 1]; optional as in Firebase, always set here.
  public let confidence: NSNumber?
  /// The Knowledge Graph entity ID; always nil for AutoML models.
  public let entityID: String?

  /// The legacy view of an ML Kit label.
  init(_ label: ImageLabel) {
    text = label.text
    confidence = NSNumber(value: label.confidence)
    entityID = nil
  }
}
