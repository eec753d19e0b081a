import Foundation
import Ocellus

/// The setting every image labeler has: ML Kit's `CommonImageLabelerOptions`, base of
/// ``ImageLabelerOptions`` (the built-in classifier) and ``CustomImageLabelerOptions``.
open class CommonImageLabelerOptions {
  /// The smallest confidence kept (inclusive), in [0, 1]; nil (default) uses the labeler's
  /// default: 0.5 for the built-in classifier, the model metadata's threshold (else 0) for a
  /// custom model.
  public var confidenceThreshold: NSNumber?

  /// Options with no threshold set.
  public init() {}

  /// Makes the Ocellus labeler for these options (subclasses say with which model).
  package func makeLabeler() -> Result<Ocellus.ImageLabeler, Error> {
    .failure(
      VisionError.invalidOption(
        name: "options", value: "\(type(of: self))",
        reason: "use ImageLabelerOptions or CustomImageLabelerOptions"))
  }
}
