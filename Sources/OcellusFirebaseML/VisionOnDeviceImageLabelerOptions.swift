import Foundation
import OcellusMLKit

/// Options of the legacy on-device image labeler with the built-in classifier (Firebase's
/// `VisionOnDeviceImageLabelerOptions()`): labels with `confidence >= confidenceThreshold`
/// (default 0.5), best first, all of them.
public final class VisionOnDeviceImageLabelerOptions {
  /// The smallest confidence kept (inclusive), in [0, 1]; default 0.5.
  public var confidenceThreshold: Float = 0.5

  /// Options with the legacy defaults.
  public init() {}

  /// The equivalent ML Kit options.
  var imageLabelerOptions: ImageLabelerOptions {
    let options = ImageLabelerOptions()
    options.confidenceThreshold = NSNumber(value: confidenceThreshold)
    return options
  }
}
