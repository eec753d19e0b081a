import Imaging
import Ocellus

/// Conversions between `ImageOrientation` and the legacy ``VisionDetectorImageOrientation``,
/// whose raw values are the EXIF numbers (see `ImageOrientation.exifValue`).
extension ImageOrientation {
  /// The orientation equal to a legacy Firebase orientation (same EXIF number).
  public init(legacy: VisionDetectorImageOrientation) {
    // Every legacy raw value is an EXIF number in 1...8: the fallback is never taken.
    self = ImageOrientation(exif: legacy.rawValue) ?? .up
  }

  /// The legacy Firebase orientation with the same EXIF number.
  public var legacy: VisionDetectorImageOrientation {
    // `exifValue` is always in 1...8, a legacy raw value: the fallback is never taken.
    VisionDetectorImageOrientation(rawValue: exifValue) ?? .topLeft
  }
}
