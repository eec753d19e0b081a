import Foundation
import Imaging
import Ocellus

/// An image to detect or label: ML Kit's `VisionImage`, a class whose ``orientation`` is set
/// after creation (`image.orientation = .right`).
///
/// `VisionImage(image:)` takes the stored pixels (on iOS an app converts its `UIImage`; on
/// Linux a `PixelImage`). Camera frames are read in place with
/// ``init(unsafeBorrowingPlanes:width:height:format:)`` (no copy; see its lifetime rule).
/// Like ML Kit, making an image never fails: planes that do not fit their size make
/// detectors and labelers fail with `VisionError.invalidImage(_:)`.
public final class VisionImage {
  private var base: Result<Ocellus.VisionImage, VisionError>

  /// An image of `image`'s stored pixels, upright (`.up`) until ``orientation`` is set.
  public init(image: PixelImage) {
    base = .success(Ocellus.VisionImage(image: image))
  }

  /// A camera frame read where it lies (BGRA8, NV12, NV21, I420, …): each plane's first byte
  /// and row stride. The memory must stay valid and unchanged until the `results(in:)` call
  /// reading it returns (or `process`'s completion runs); see `Ocellus.VisionImage`'s
  /// `init(unsafeBorrowingPlanes:width:height:format:orientation:timestampMilliseconds:)`.
  public init(
    unsafeBorrowingPlanes planes: [(baseAddress: UnsafeRawPointer, bytesPerRow: Int)],
    width: Int, height: Int, format: PixelFormat
  ) {
    base = Result { () throws(VisionError) in
      try Ocellus.VisionImage(
        unsafeBorrowingPlanes: planes, width: width, height: height, format: format)
    }
  }

  /// How the stored pixels turn upright, with `UIImage.Orientation`'s names (`.up`, `.right`,
  /// …); results are in upright coordinates.
  public var orientation: ImageOrientation {
    get { (try? base.get())?.orientation ?? .up }
    set {
      base = base.map {
        var image = $0
        image.orientation = newValue
        return image
      }
    }
  }

  /// The capture time in milliseconds (stream mode; strictly increasing between frames), nil
  /// for 1 ms after the previous frame.
  public var timestampMilliseconds: Int64? {
    get { (try? base.get())?.timestampMilliseconds }
    set {
      base = base.map {
        var image = $0
        image.timestampMilliseconds = newValue
        return image
      }
    }
  }

  /// The Ocellus image, or why the planes were refused.
  package var ocellusImage: Result<Ocellus.VisionImage, VisionError> { base }
}
