import Imaging

/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). Metadata of a legacy `VisionImage`
/// (`FIRVisionImageMetadata`): its orientation as an EXIF-numbered
/// ``VisionDetectorImageOrientation``, `.topLeft` by default.
public struct VisionImageMetadata: Sendable, Equatable {
  /// How the stored pixels turn upright; default `.topLeft` (EXIF 1, upright).
  public var orientation: VisionDetectorImageOrientation

  /// Metadata with the legacy default orientation.
  public init(orientation: VisionDetectorImageOrientation = .topLeft) {
    self.orientation = orientation
  }
}
