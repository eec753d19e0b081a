import Imaging
import Testing

@Suite("Fit")
struct FitTests {
  /// 4×2 gray: columns 0, 40, 80, 120 (both rows).
  func wide() throws -> PixelImage {
    try PixelTestSupport.packed(width: 4, height: 2, format: .gray8) { x, _, _ in UInt8(40 * x) }
  }

  @Test("Stretch scales each axis independently")
  func stretch() throws {
    let out = try wide().resized(width: 2, height: 2, fit: .stretch, filter: .bilinearSampling)
    #expect(out.planes[0].bytes == [20, 100, 20, 100])
  }

  @Test("Aspect fill crops the middle: 4×2 into 2×2 uses columns 1...2")
  func fill() throws {
    let out = try wide().resized(width: 2, height: 2, fit: .aspectFill)
    #expect(out.planes[0].bytes == [40, 80, 40, 80])
    // Tall into wide: 2×4 into 2×1 keeps one row, row (4 − 1) / 2 = 1.
    let tall = try PixelTestSupport.packed(width: 2, height: 4, format: .gray8) { _, y, _ in
      UInt8(40 * y)
    }
    #expect(try tall.resized(width: 2, height: 1, fit: .aspectFill).planes[0].bytes == [40, 40])
  }

  @Test("Aspect fit letterboxes with black, opaque border")
  func fit() throws {
    let out = try wide().resized(width: 4, height: 4, fit: .aspectFit)
    #expect(out.planes[0].bytes == [0, 0, 0, 0, 0, 40, 80, 120, 0, 40, 80, 120, 0, 0, 0, 0])
    // Odd leftover: 4×2 into 4×3 → content 2 rows at y = 0 (the extra row at the bottom).
    let odd = try wide().resized(width: 4, height: 3, fit: .aspectFit)
    #expect(odd.planes[0].bytes == [0, 40, 80, 120, 0, 40, 80, 120, 0, 0, 0, 0])
    let rgba = try wide().converted(to: .rgba8).resized(width: 2, height: 2, fit: .aspectFit)
    // Content 2×1 at y = 0 (columns averaged by the tent), border (0, 0, 0, 255).
    #expect(rgba.planes[0].bytes.suffix(8) == [0, 0, 0, 255, 0, 0, 0, 255])
    #expect(rgba.planes[0].bytes[3] == 255)
  }

  @Test("Same aspect ratio: all three fits agree")
  func same() throws {
    let image = try PixelTestSupport.packed(width: 8, height: 4, format: .rgb8) { x, y, c in
      UInt8((x * 29 + y * 67 + c * 13) % 256)
    }
    let stretch = try image.resized(width: 4, height: 2, fit: .stretch)
    #expect(try image.resized(width: 4, height: 2, fit: .aspectFill) == stretch)
    #expect(try image.resized(width: 4, height: 2, fit: .aspectFit) == stretch)
  }
}
