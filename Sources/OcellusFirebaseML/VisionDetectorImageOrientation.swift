import Imaging
import Ocellus

/// The legacy Firebase ML Kit orientation (`FIRVisionDetectorImageOrientation`), accepted as
/// input and converted to `ImageOrientation`.
///
/// Raw values are the EXIF / `CGImagePropertyOrientation` numbers 1...8. Each case names where
/// the stored image's first row and first column appear on the display: `.rightTop` (EXIF 6)
/// means the first stored row is on the right and the first stored column at the top, which is
/// what a back-camera portrait frame needs (`ImageOrientation.right`). The legacy
/// `VisionImageMetadata.orientation` defaulted to `.topLeft`.
public enum VisionDetectorImageOrientation: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// EXIF 1: upright (`ImageOrientation.up`).
  case topLeft = 1
  /// EXIF 2: mirrored horizontally (`ImageOrientation.upMirrored`).
  case topRight = 2
  /// EXIF 3: rotated 180° (`ImageOrientation.down`).
  case bottomRight = 3
  /// EXIF 4: mirrored vertically (`ImageOrientation.downMirrored`).
  case bottomLeft = 4
  /// EXIF 5: transposed (`ImageOrientation.leftMirrored`).
  case leftTop = 5
  /// EXIF 6: needs a 90° clockwise turn (`ImageOrientation.right`).
  case rightTop = 6
  /// EXIF 7: transversed (`ImageOrientation.rightMirrored`).
  case rightBottom = 7
  /// EXIF 8: needs a 90° counter-clockwise turn (`ImageOrientation.left`).
  case leftBottom = 8
}
