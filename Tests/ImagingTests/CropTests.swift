import Imaging
import Testing

@Suite("Crop")
struct CropTests {
  /// 6×4 gray image, pixel (x, y) = 10y + x, rows padded by 2 bytes.
  func sample() throws -> PixelImage {
    try PixelTestSupport.packed(width: 6, height: 4, format: .gray8, padding: 2) { x, y, _ in
      UInt8(10 * y + x)
    }
  }

  @Test("A box [x, x+w) × [y, y+h) keeps exactly those pixels")
  func plain() throws {
    let crop = try sample().cropped(x: 1, y: 2, width: 3, height: 2)
    #expect(crop.width == 3 && crop.height == 2)
    #expect(crop.planes[0].bytes == [21, 22, 23, 31, 32, 33])
  }

  @Test("Padding grows by fractions of the box, rounds outwards, clamps to the image")
  func padding() throws {
    let image = try sample()
    // 0.5 × width 2 = 1 pixel each side horizontally; 0.25 × height 2 = 0.5 → 1 pixel.
    let padded = try image.cropped(
      x: 2, y: 1, width: 2, height: 2,
      padding: CropPadding(left: 0.5, top: 0.25, right: 0.5, bottom: 0))
    #expect(padded.width == 4 && padded.height == 3)
    #expect(padded.planes[0].bytes == [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24])
    // Clamped at the image edges.
    let clamped = try image.cropped(x: 4, y: 0, width: 2, height: 4, padding: CropPadding(1))
    #expect(clamped.width == 4 && clamped.height == 4)
    #expect(clamped.planes[0].bytes.prefix(4) == [2, 3, 4, 5])
    // A box partly outside the image is clamped too.
    let outside = try image.cropped(x: -3, y: -1, width: 5, height: 2)
    #expect(outside.width == 2 && outside.height == 1 && outside.planes[0].bytes == [0, 1])
  }

  @Test("Empty boxes, boxes off the image and bad padding are refused")
  func errors() throws {
    let image = try sample()
    #expect(throws: ImageError.self) { try image.cropped(x: 0, y: 0, width: 0, height: 2) }
    #expect(throws: ImageError.self) { try image.cropped(x: 6, y: 0, width: 2, height: 2) }
    #expect(throws: ImageError.self) {
      try image.cropped(x: Int.max, y: 0, width: Int.max, height: 2)
    }
    #expect(throws: ImageError.self) {
      try image.cropped(x: 0, y: 0, width: 2, height: 2, padding: CropPadding(-0.1))
    }
    #expect(throws: ImageError.self) {
      try image.cropped(x: 0, y: 0, width: 2, height: 2, padding: CropPadding(.nan))
    }
    #expect(throws: ImageError.self) {
      try image.cropped(x: 0, y: 0, width: 2, height: 2, padding: CropPadding(.infinity))
    }
  }

  @Test("RGBA crop keeps whole pixels")
  func rgba() throws {
    let image = try PixelTestSupport.packed(width: 3, height: 2, format: .rgba8, padding: 1) {
      x, y, c in
      UInt8(truncatingIfNeeded: 100 * c + 10 * y + x)
    }
    let crop = try image.cropped(x: 2, y: 1, width: 1, height: 1)
    #expect(crop.planes[0].bytes == [12, 112, 212, 56])  // 312 mod 256 = 56
  }
}
