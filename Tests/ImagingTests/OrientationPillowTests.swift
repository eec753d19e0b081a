import Imaging
import Testing

/// `PixelImage.applying(_:)` with `ImageOrientation(exif:)`: the eight EXIF cases against Pillow 13's
/// `ImageOps.exif_transpose` (`PixelImage.transpose` with FLIP_LEFT_RIGHT, ROTATE_180,
/// FLIP_TOP_BOTTOM, TRANSPOSE, ROTATE_270, TRANSVERSE, ROTATE_90 for 2...8).
@Suite("Orientation against Pillow")
struct OrientationPillowTests {
  /// (width, height, orientation, output width, output height, the source pixel index of each
  /// output pixel in row-major order), computed with Pillow.
  static let pillowCases: [(Int, Int, Int, Int, Int, [Int])] = [
    (3, 2, 1, 3, 2, [0, 1, 2, 3, 4, 5]),
    (3, 2, 2, 3, 2, [2, 1, 0, 5, 4, 3]),
    (3, 2, 3, 3, 2, [5, 4, 3, 2, 1, 0]),
    (3, 2, 4, 3, 2, [3, 4, 5, 0, 1, 2]),
    (3, 2, 5, 2, 3, [0, 3, 1, 4, 2, 5]),
    (3, 2, 6, 2, 3, [3, 0, 4, 1, 5, 2]),
    (3, 2, 7, 2, 3, [5, 2, 4, 1, 3, 0]),
    (3, 2, 8, 2, 3, [2, 5, 1, 4, 0, 3]),
    (1, 4, 1, 1, 4, [0, 1, 2, 3]),
    (1, 4, 2, 1, 4, [0, 1, 2, 3]),
    (1, 4, 3, 1, 4, [3, 2, 1, 0]),
    (1, 4, 4, 1, 4, [3, 2, 1, 0]),
    (1, 4, 5, 4, 1, [0, 1, 2, 3]),
    (1, 4, 6, 4, 1, [3, 2, 1, 0]),
    (1, 4, 7, 4, 1, [3, 2, 1, 0]),
    (1, 4, 8, 4, 1, [0, 1, 2, 3]),
    (5, 4, 1, 5, 4, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    (5, 4, 2, 5, 4, [4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 14, 13, 12, 11, 10, 19, 18, 17, 16, 15]),
    (5, 4, 3, 5, 4, [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
    (5, 4, 4, 5, 4, [15, 16, 17, 18, 19, 10, 11, 12, 13, 14, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4]),
    (5, 4, 5, 4, 5, [0, 5, 10, 15, 1, 6, 11, 16, 2, 7, 12, 17, 3, 8, 13, 18, 4, 9, 14, 19]),
    (5, 4, 6, 4, 5, [15, 10, 5, 0, 16, 11, 6, 1, 17, 12, 7, 2, 18, 13, 8, 3, 19, 14, 9, 4]),
    (5, 4, 7, 4, 5, [19, 14, 9, 4, 18, 13, 8, 3, 17, 12, 7, 2, 16, 11, 6, 1, 15, 10, 5, 0]),
    (5, 4, 8, 4, 5, [4, 9, 14, 19, 3, 8, 13, 18, 2, 7, 12, 17, 1, 6, 11, 16, 0, 5, 10, 15]),
  ]

  /// An image whose pixel i is (i & 255, i >> 8, 7, 9).
  static func indexImage(width: Int, height: Int) -> [UInt8] {
    (0..<(width * height)).flatMap { (index: Int) -> [UInt8] in
      [UInt8(index & 255), UInt8(index >> 8), 7, 9]
    }
  }

  @Test("all eight orientations move pixels exactly as Pillow's exif_transpose")
  func matchesPillow() throws {
    for (width, height, orientation, outWidth, outHeight, sources) in Self.pillowCases {
      let image = try PixelImage(
        width: width, height: height, format: .rgba8,
        bytes: Self.indexImage(width: width, height: height))
      let turned = try image.applying(try #require(ImageOrientation(exif: orientation)))
      let result = (rgba: turned.planes[0].bytes, width: turned.width, height: turned.height)
      #expect(
        result.width == outWidth && result.height == outHeight, "\(width)×\(height) #\(orientation)"
      )
      let expected: [UInt8] = sources.flatMap { (index: Int) -> [UInt8] in
        [UInt8(index & 255), UInt8(index >> 8), 7, 9]
      }
      #expect(result.rgba == expected, "\(width)×\(height) orientation \(orientation)")
    }
  }
}
