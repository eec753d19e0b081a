/// How stored pixels turn into the upright (display) image, as UIImage.Orientation says it.
///
/// Raw values mirror `UIImage.Orientation` (so `ImageOrientation(rawValue: uiImage.imageOrientation.rawValue)`
/// bridges on Apple platforms); they are NOT the EXIF numbers — convert with ``exifValue`` and
/// ``init(exif:)``. The case names the side of the stored image that is at the top of the
/// display, as UIKit names them: `.right` is what a back-camera portrait photo is tagged
/// (stored pixels need a 90° clockwise turn; EXIF 6).
public enum ImageOrientation: Int, Sendable, Equatable, Hashable, CaseIterable {
  // Raw values 0…7 in this order, as UIImage.Orientation's.
  case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
}
