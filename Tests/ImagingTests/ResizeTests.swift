import Imaging
import Testing

@Suite("Resize")
struct ResizeTests {
  func gray(_ values: [UInt8], width: Int) throws -> PixelImage {
    try PixelImage(width: width, height: values.count / width, format: .gray8, bytes: values)
  }

  @Test("Enlarging 2 → 4: half-pixel centers, edges clamped (all filters)")
  func enlarge() throws {
    let image = try gray([0, 100], width: 2)
    for filter in [ResamplingFilter.bilinear, .bilinearSampling, .area] {
      // Centers at −0.25 (clamped), 0.25, 0.75, 1.25 (clamped).
      #expect(
        try image.resized(width: 4, height: 1, filter: filter).planes[0].bytes == [0, 25, 75, 100])
    }
  }

  @Test("Shrinking 4 → 2 by hand: tent (Pillow), two-tap sampling, and box beyond 2×")
  func shrink() throws {
    let image = try gray([0, 70, 140, 210], width: 4)
    // Tent of radius 2 around 1.0 and 3.0: weights 3/7, 3/7, 1/7 → 50, and 1/7, 3/7, 3/7 → 160.
    #expect(try image.resized(width: 2, height: 1).planes[0].bytes == [50, 160])
    // Two taps at 0.5 and 2.5.
    #expect(
      try image.resized(width: 2, height: 1, filter: .bilinearSampling).planes[0].bytes == [
        35, 175,
      ])
    // 2× is still bilinear for .area; 4× is the box average.
    #expect(try image.resized(width: 2, height: 1, filter: .area).planes[0].bytes == [35, 175])
    #expect(try image.resized(width: 1, height: 1, filter: .area).planes[0].bytes == [105])
    // 3 → 1 box: (10 + 20 + 60) / 3 = 30; sampling takes the middle pixel.
    let three = try gray([10, 20, 60], width: 3)
    #expect(try three.resized(width: 1, height: 1, filter: .area).planes[0].bytes == [30])
    #expect(
      try three.resized(width: 1, height: 1, filter: .bilinearSampling).planes[0].bytes == [20])
    // 6 → 2 box: partial coverage does not arise; 5 → 2: footprints [0, 2.5) and [2.5, 5).
    let five = try gray([0, 10, 20, 30, 40], width: 5)
    // (0 + 10 + 0.5·20) / 2.5 = 8 and (0.5·20 + 30 + 40) / 2.5 = 32.
    #expect(try five.resized(width: 2, height: 1, filter: .area).planes[0].bytes == [8, 32])
  }

  @Test("Same size is the identity for every filter and format")
  func identity() throws {
    let image = try PixelTestSupport.packed(width: 7, height: 5, format: .rgba8, padding: 4) {
      x, y, c in
      UInt8((x * 31 + y * 57 + c * 91) % 256)
    }
    for filter in [ResamplingFilter.bilinear, .bilinearSampling, .area] {
      let same = try image.resized(width: 7, height: 5, filter: filter)
      #expect(same == (try image.cropped(x: 0, y: 0, width: 7, height: 5)))
    }
  }

  /// A 9×7 RGB image (pixel (x, y) = ((37x + 11y) % 256, (5x² + 23y) % 256,
  /// (255 − 13x − 17y) mod 256)) resized with Pillow 13's `Image.resize(size, BILINEAR)`.
  /// The arithmetic is Pillow's (22-bit weights, horizontal pass first, rounded to 8 bits
  /// between the passes), so every byte is equal.
  @Test(
    "Against Pillow BILINEAR (shrink, enlarge, mixed)",
    arguments: [
      (
        4, 3,
        [
          40, 26, 229, 115, 65, 203, 181, 144, 173, 70, 114, 147, 64, 75, 193, 139, 114, 167, 185,
          167, 137, 79, 109, 111, 88, 124, 157, 163, 161, 131, 160, 129, 101, 66, 122, 75,
        ]
      ),
      (
        2, 5,
        [
          85, 44, 221, 125, 131, 173, 98, 72, 201, 138, 123, 153, 113, 104, 176, 143, 145, 128, 126,
          134, 151, 109, 128, 103, 139, 150, 131, 122, 125, 83,
        ]
      ),
      (
        13, 10,
        [
          0, 0, 255, 20, 3, 248, 46, 8, 239, 71, 19, 230, 97, 35, 221, 122, 56, 212, 148, 80, 203,
          174, 111, 194, 199, 146, 185, 205, 185, 176, 54, 230, 167, 20, 161, 158, 40, 64, 151, 6,
          13, 246, 26, 16, 239, 52, 21, 230, 77, 32, 221, 103, 48, 212, 128, 69, 203, 154, 93, 194,
          180, 124, 185, 205, 159, 176, 211, 187, 167, 60, 134, 158, 26, 98, 149, 46, 77, 142, 14,
          29, 234, 34, 32, 227, 60, 37, 218, 85, 48, 209, 111, 64, 200, 136, 85, 191, 162, 109, 182,
          188, 140, 173, 213, 175, 164, 219, 194, 155, 68, 62, 146, 34, 53, 137, 54, 93, 130, 21,
          45, 222, 41, 48, 215, 67, 53, 206, 92, 64, 197, 118, 80, 188, 143, 101, 179, 169, 125,
          170, 195, 156, 161, 220, 191, 152, 226, 210, 143, 75, 78, 134, 41, 69, 125, 61, 109, 118,
          29, 61, 210, 49, 64, 203, 75, 69, 194, 100, 80, 185, 126, 96, 176, 151, 117, 167, 177,
          141, 158, 203, 172, 149, 228, 207, 140, 234, 226, 131, 83, 94, 122, 49, 85, 113, 69, 125,
          106, 37, 77, 198, 57, 80, 191, 83, 85, 182, 108, 96, 173, 134, 112, 164, 159, 133, 155,
          185, 157, 146, 211, 188, 137, 202, 189, 128, 159, 159, 119, 70, 89, 110, 57, 101, 101, 77,
          141, 94, 45, 93, 186, 65, 96, 179, 91, 101, 170, 116, 112, 161, 142, 128, 152, 167, 149,
          143, 193, 173, 134, 219, 204, 125, 146, 141, 116, 14, 22, 107, 39, 67, 98, 65, 117, 89,
          85, 157, 82, 52, 109, 174, 72, 112, 167, 98, 117, 158, 123, 128, 149, 149, 144, 140, 174,
          165, 131, 200, 189, 122, 226, 220, 113, 153, 157, 104, 21, 38, 95, 46, 83, 86, 72, 133,
          77, 92, 173, 70, 60, 125, 162, 80, 128, 155, 106, 133, 146, 131, 144, 137, 157, 160, 128,
          182, 181, 119, 208, 205, 110, 234, 157, 101, 161, 102, 92, 29, 54, 83, 54, 99, 74, 80,
          149, 65, 100, 189, 58, 66, 138, 153, 86, 141, 146, 112, 146, 137, 137, 157, 128, 163, 173,
          119, 188, 194, 110, 214, 218, 101, 240, 72, 92, 167, 28, 83, 35, 67, 74, 60, 112, 65, 86,
          162, 56, 106, 202, 49,
        ]
      ),
    ])
  func pillow(width: Int, height: Int, expected: [Int]) throws {
    let image = try PixelTestSupport.packed(width: 9, height: 7, format: .rgb8, padding: 2) {
      x, y, c in
      let value: Int
      switch c {
      case 0: value = (x * 37 + y * 11) % 256
      case 1: value = (x * x * 5 + y * 23) % 256
      default: value = ((255 - x * 13 - y * 17) % 256 + 256) % 256
      }
      return UInt8(value)
    }
    let resized = try image.resized(width: width, height: height)
    #expect(resized.width == width && resized.height == height && resized.format == .rgb8)
    #expect(resized.planes[0].bytes.map { Int($0) } == expected)
  }

  @Test("Every channel (alpha too) is filtered; BGRA keeps its order")
  func channelsIndependent() throws {
    let rgba = try PixelTestSupport.packed(width: 4, height: 1, format: .rgba8) { x, _, c in
      UInt8([0, 70, 140, 210][c == 3 ? 3 - x : x])
    }
    let out = try rgba.resized(width: 2, height: 1).planes[0].bytes
    #expect(out == [50, 50, 50, 160, 160, 160, 160, 50])
    let bgra = try rgba.converted(to: .bgra8).resized(width: 2, height: 1)
    #expect(try bgra.converted(to: .rgba8).planes[0].bytes == out)
  }

  @Test("Bad sizes and YUV are refused")
  func errors() throws {
    let image = try gray([1, 2, 3, 4], width: 2)
    #expect(throws: ImageError.invalidSize(width: 0, height: 3)) {
      try image.resized(width: 0, height: 3)
    }
    #expect(throws: ImageError.invalidSize(width: 100_000, height: 1)) {
      try image.resized(width: 100_000, height: 1)
    }
    #expect(throws: ImageError.invalidSize(width: 5000, height: 5000)) {
      try image.resized(width: 5000, height: 5000, maxPixels: 1 << 20)
    }
    let yuv = try PixelTestSupport.yuv(
      width: 2, height: 2, format: .nv12(YUVColorSpace(matrix: .bt601, range: .full)),
      y: { _, _ in 0 }, cb: { _, _ in 0 }, cr: { _, _ in 0 })
    #expect(throws: ImageError.self) { try yuv.resized(width: 1, height: 1) }
  }
}
