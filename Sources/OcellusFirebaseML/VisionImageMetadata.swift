/// Metadata of a legacy `VisionImage` (Firebase's `VisionImageMetadata`): its orientation as an
/// EXIF-numbered ``VisionDetectorImageOrientation``, `.topLeft` by default.
public final class VisionImageMetadata {
  /// How the stored pixels turn upright; default `.topLeft` (EXIF 1, upright).
  public var orientation: VisionDetectorImageOrientation

  /// Metadata with the legacy default orientation (`let metadata = VisionImageMetadata()`).
  public init() {
    orientation = .topLeft
  }

  /// Metadata with `orientation`.
  public init(orientation: VisionDetectorImageOrientation) {
    self.orientation = orientation
  }
}
