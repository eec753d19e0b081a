/// Conversions between ``ImageOrientation`` and the numbers other platforms use.
///
/// | EXIF / `CGImagePropertyOrientation` | Firebase `VisionDetectorImageOrientation` | `UIImage.Orientation` (raw) | Android `rotationDegrees` |
/// |---|---|---|---|
/// | 1 | topLeft | ``up`` (0) | 0 |
/// | 2 | topRight | ``upMirrored`` (4) | — |
/// | 3 | bottomRight | ``down`` (1) | 180 |
/// | 4 | bottomLeft | ``downMirrored`` (5) | — |
/// | 5 | leftTop | ``leftMirrored`` (6) | — |
/// | 6 | rightTop | ``right`` (3) | 90 |
/// | 7 | rightBottom | ``rightMirrored`` (7) | — |
/// | 8 | leftBottom | ``left`` (2) | 270 |
///
/// `UIImage.Orientation` raw values (this enum's `rawValue`) are not the EXIF numbers; always
/// convert through ``exifValue`` / ``init(exif:)``. Android's `rotationDegrees` is the clockwise
/// turn that makes the frame upright (CameraX convention) and has no mirrored values.
extension ImageOrientation {
  /// The EXIF orientation number (1...8), equal to `CGImagePropertyOrientation.rawValue` and
  /// to the legacy Firebase `VisionDetectorImageOrientation` raw value.
  public var exifValue: Int {
    switch self {
    case .up: 1
    case .upMirrored: 2
    case .down: 3
    case .downMirrored: 4
    case .leftMirrored: 5
    case .right: 6
    case .rightMirrored: 7
    case .left: 8
    }
  }

  /// The orientation for an EXIF orientation number; nil unless `exif` is in 1...8.
  ///
  /// A missing tag, or the value 0 some writers store, means "upright": use `?? .up` for those.
  public init?(exif: Int) {
    switch exif {
    case 1: self = .up
    case 2: self = .upMirrored
    case 3: self = .down
    case 4: self = .downMirrored
    case 5: self = .leftMirrored
    case 6: self = .right
    case 7: self = .rightMirrored
    case 8: self = .left
    default: return nil
    }
  }

  /// The clockwise turn in degrees (0, 90, 180 or 270) that makes the stored image upright, as
  /// Android's `ImageInfo.rotationDegrees` says it; nil for the four mirrored orientations.
  public var rotationDegrees: Int? {
    switch self {
    case .up: 0
    case .right: 90
    case .down: 180
    case .left: 270
    case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: nil
    }
  }

  /// The unmirrored orientation for a clockwise rotation in degrees (Android `rotationDegrees`).
  ///
  /// Any multiple of 90 is accepted, negative or beyond 360 (−90 and 630 both mean 270); nil
  /// for other values.
  public init?(rotationDegrees: Int) {
    // `%` keeps the magnitude below 360, so nothing here can overflow.
    let degrees = ((rotationDegrees % 360) + 360) % 360
    switch degrees {
    case 0: self = .up
    case 90: self = .right
    case 180: self = .down
    case 270: self = .left
    default: return nil
    }
  }
}
