import Imaging

/// COMPATIBILITY SURFACE (legacy Firebase ML Vision): the legacy `metadata` property.
extension VisionImage {
  /// The orientation as legacy metadata; setting it sets ``orientation`` (nil means
  /// `.topLeft`, upright).
  public var metadata: VisionImageMetadata? {
    get { VisionImageMetadata(orientation: orientation.legacy) }
    set { orientation = ImageOrientation(legacy: newValue?.orientation ?? .topLeft) }
  }
}
