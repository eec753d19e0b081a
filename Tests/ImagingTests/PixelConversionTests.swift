import ImageCodecs
import Imaging
import Testing

@Suite("Packed pixel conversions")
struct PixelConversionTests {
  /// A 5×3 RGBA image with padded rows: pixel (x, y) = (10x + y, 200 − 7x, 3y + x, 100 + x).
  func sample(padding: Int = 3) throws -> PixelImage {
    try PixelTestSupport.packed(width: 5, height: 3, format: .rgba8, padding: padding) { x, y, c in
      UInt8([10 * x + y, 200 - 7 * x, 3 * y + x, 100 + x][c])
    }
  }

  @Test("RGBA → BGRA, RGB swap and drop channels, output tightly packed")
  func rgbaToOthers() throws {
    let image = try sample()
    let bgra = try image.converted(to: .bgra8)
    let rgb = try image.converted(to: .rgb8)
    #expect(bgra.planes[0].bytesPerRow == 20)
    #expect(rgb.planes[0].bytesPerRow == 15)
    for y in 0..<3 {
      for x in 0..<5 {
        let i = y * 5 + x
        let r = UInt8(10 * x + y)
        let g = UInt8(200 - 7 * x)
        let b = UInt8(3 * y + x)
        #expect(Array(bgra.planes[0].bytes[(4 * i)..<(4 * i + 4)]) == [b, g, r, UInt8(100 + x)])
        #expect(Array(rgb.planes[0].bytes[(3 * i)..<(3 * i + 3)]) == [r, g, b])
      }
    }
    // Round trips.
    #expect(try bgra.converted(to: .rgba8) == image.cropped(x: 0, y: 0, width: 5, height: 3))
    let back = try rgb.converted(to: .rgba8)
    #expect(back.planes[0].bytes[3] == 255)
    #expect(back.planes[0].bytes[0...2] == rgb.planes[0].bytes[0...2])
  }

  @Test("RGB → gray matches Pillow's convert('L') on values computed with Pillow 13")
  func grayMatchesPillow() throws {
    let cases: [([UInt8], UInt8)] = [
      ([255, 0, 0], 76), ([0, 255, 0], 150), ([0, 0, 255], 29), ([10, 200, 30], 124),
      ([128, 128, 128], 128), ([1, 2, 3], 2), ([250, 17, 99], 96),
    ]
    let image = try PixelImage(
      width: cases.count, height: 1, format: .rgb8, bytes: cases.flatMap { $0.0 })
    let gray = try image.converted(to: .gray8)
    #expect(gray.planes[0].bytes == cases.map { $0.1 })
    // BGRA gives the same levels.
    let bgra = try image.converted(to: .bgra8).converted(to: .gray8)
    #expect(bgra.planes[0].bytes == gray.planes[0].bytes)
  }

  @Test("Gray → RGB copies the level, gray → gray is unchanged, every level survives")
  func grayRoundTrip() throws {
    let gray = try PixelImage(
      width: 256, height: 1, format: .gray8, bytes: (0...255).map { UInt8($0) })
    let rgba = try gray.converted(to: .rgba8)
    for level in 0..<256 {
      #expect(
        Array(rgba.planes[0].bytes[(4 * level)..<(4 * level + 4)]) == [
          UInt8(level), UInt8(level), UInt8(level), 255,
        ])
    }
    #expect(try rgba.converted(to: .gray8) == gray)
    #expect(try gray.converted(to: .gray8) == gray)
  }

  @Test("Converting to YUV is refused with a typed error")
  func yuvTargetRefused() throws {
    let image = try sample()
    let space = YUVColorSpace(matrix: .bt601, range: .full)
    #expect(
      throws: ImageError.unsupportedFormat(.nv12(space), operation: "conversion to a YUV format")
    ) {
      try image.converted(to: .nv12(space))
    }
  }

  @Test("Image(decoded:) wraps the decoder's RGBA and rejects inconsistent sizes")
  func decoded() throws {
    let pixels: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 128]
    let decoded = DecodedImage(width: 2, height: 1, rgba: pixels, format: .png)
    let image = try PixelImage(decoded: decoded)
    #expect(image.format == .rgba8)
    #expect(image.width == 2 && image.height == 1)
    #expect(image.planes[0].bytes == pixels)
    let short = DecodedImage(width: 3, height: 1, rgba: pixels, format: .png)
    #expect(throws: ImageError.self) { try PixelImage(decoded: short) }
  }
}
