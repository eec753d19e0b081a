import Imaging
import OcellusMLKit

/// The legacy `metadata` property of Firebase's `VisionImage`.
extension OcellusMLKit.VisionImage {
  /// The orientation as legacy metadata; setting it sets ``orientation`` (nil means
  /// `.topLeft`, upright). Reading gives a new metadata object: set the property again after
  /// changing it.
  public var metadata: VisionImageMetadata? {
    get { VisionImageMetadata(orientation: orientation.legacy) }
    set { orientation = ImageOrientation(legacy: newValue?.orientation ?? .topLeft) }
  }
}
