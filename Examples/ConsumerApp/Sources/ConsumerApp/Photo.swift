import Imaging
import Ocellus

/// Photos from files (ML Kit apps get theirs from UIKit; on Linux an app decodes them).
enum Photo {
  /// The upright pixels of the PNG, JPEG or BMP file at `path`.
  static func pixels(_ path: String) throws -> PixelImage {
    try VisionImage(contentsOfFile: path).uprightImage()
  }
}
