import Imaging
import Testing

@Suite("YUV → RGB conversions")
struct YUVConversionTests {
  /// Every (Y, Cb, Cr) on a grid that includes the range limits (0, 16, 128, 235, 240, 255)
  /// converts within 1 level of the double-precision textbook equations, and almost always
  /// exactly; both ranges × both matrices, through NV12.
  @Test("Grid of Y, Cb, Cr against the float equations", arguments: PixelTestSupport.spaces)
  func gridAgainstFloat(space: YUVColorSpace) throws {
    var levels = Array(stride(from: 0, through: 255, by: 7))
    levels += [16, 128, 235, 240, 255, 1, 254]
    // One 2×2 block (one chroma sample, four equal Y) per (Y, Cb, Cr): block column
    // (Y index × n + Cb index), block row Cr index.
    let n = levels.count
    let image = try PixelTestSupport.yuv(
      width: 2 * n * n, height: 2 * n, format: .nv12(space), padding: 5,
      y: { x, _ in UInt8(levels[x / 2 / n]) }, cb: { x, _ in UInt8(levels[x % n]) },
      cr: { _, y in UInt8(levels[y]) })
    let rgb = try image.converted(to: .rgb8).planes[0].bytes
    var exact = 0
    var worst = 0
    for py in 0..<(2 * n) {
      for px in 0..<(2 * n * n) {
        let expected = PixelTestSupport.referenceRGB(
          y: levels[px / 2 / n], cb: levels[(px / 2) % n], cr: levels[py / 2], space: space)
        let offset = (py * 2 * n * n + px) * 3
        let diff = (0..<3).map { abs(Int(rgb[offset + $0]) - Int(expected[$0])) }.max() ?? 0
        worst = max(worst, diff)
        if diff == 0 { exact += 1 }
      }
    }
    #expect(worst <= 1)
    #expect(Double(exact) >= 0.99 * Double(4 * n * n * n))
  }

  @Test("Known anchor values: video black/white, full-range gray, clamping")
  func anchors() throws {
    for space in PixelTestSupport.spaces {
      let video = space.range == .video
      func convert(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) throws -> [UInt8] {
        let image = try PixelTestSupport.yuv(
          width: 1, height: 1, format: .i420(space), y: { _, _ in y }, cb: { _, _ in cb },
          cr: { _, _ in cr })
        return try image.converted(to: .rgb8).planes[0].bytes
      }
      #expect(try convert(video ? 16 : 0, 128, 128) == [0, 0, 0])
      #expect(try convert(video ? 235 : 255, 128, 128) == [255, 255, 255])
      #expect(try convert(128, 128, 128) == (video ? [130, 130, 130] : [128, 128, 128]))
      // Saturated chroma clamps instead of wrapping.
      #expect(try convert(255, 255, 255)[0] == 255)
      #expect(try convert(0, 0, 0)[2] == 0)
      #expect(try convert(255, 0, 0)[1] == 255)
      // Strongest red from Y = 0: 2(1 − Kr)·c·127 − s·y0 (184.07, 178.05, 209.05, 200.00).
      let red: UInt8 = space.matrix == .bt601 ? (video ? 184 : 178) : (video ? 209 : 200)
      #expect(try convert(0, 0, 255)[0] == red)
    }
  }

  /// BT.601 full range is JPEG's YCbCr: R = Y + 1.402 (Cr − 128); BT.709 video range,
  /// the HD camera's: R = 1.164 (Y − 16) + 1.793 (Cr − 128).
  @Test("Textbook coefficients: JPEG red, HD video red")
  func textbook() throws {
    let jpeg = try PixelTestSupport.yuv(
      width: 1, height: 1, format: .nv21(YUVColorSpace(matrix: .bt601, range: .full)),
      y: { _, _ in 100 }, cb: { _, _ in 128 }, cr: { _, _ in 200 })
    #expect(try jpeg.converted(to: .rgb8).planes[0].bytes[0] == 201)  // 100 + 1.402·72 = 200.9
    let hd = try PixelTestSupport.yuv(
      width: 1, height: 1, format: .nv12(YUVColorSpace(matrix: .bt709, range: .video)),
      y: { _, _ in 100 }, cb: { _, _ in 128 }, cr: { _, _ in 150 })
    // 1.16438·84 + 1.79274·22 = 97.81 + 39.44 = 137.25
    #expect(try hd.converted(to: .rgb8).planes[0].bytes[0] == 137)
  }

  /// Odd sizes and padded strides: the last column and row use the last, half-covered
  /// chroma sample; NV12, NV21 and I420 of the same samples agree; gray goes through RGB.
  @Test(
    "Odd sizes, padded strides, all three layouts agree",
    arguments: [(5, 3), (1, 1), (7, 1), (3, 6)])
  func oddSizes(width: Int, height: Int) throws {
    for space in PixelTestSupport.spaces {
      let y: (Int, Int) -> UInt8 = { x, y in UInt8((x * 41 + y * 73 + 20) % 256) }
      let cb: (Int, Int) -> UInt8 = { x, y in UInt8((x * 97 + y * 31 + 60) % 256) }
      let cr: (Int, Int) -> UInt8 = { x, y in UInt8((x * 53 + y * 151 + 200) % 256) }
      let nv12 = try PixelTestSupport.yuv(
        width: width, height: height, format: .nv12(space), padding: 3, y: y, cb: cb, cr: cr)
      let nv21 = try PixelTestSupport.yuv(
        width: width, height: height, format: .nv21(space), padding: 1, y: y, cb: cb, cr: cr)
      let i420 = try PixelTestSupport.yuv(
        width: width, height: height, format: .i420(space), padding: 2, y: y, cb: cb, cr: cr)
      let rgba = try nv12.converted(to: .rgba8).planes[0].bytes
      #expect(try nv21.converted(to: .rgba8).planes[0].bytes == rgba)
      #expect(try i420.converted(to: .rgba8).planes[0].bytes == rgba)
      let gray = try nv12.converted(to: .gray8).planes[0].bytes
      #expect(try nv12.converted(to: .rgb8).converted(to: .gray8).planes[0].bytes == gray)
      for py in 0..<height {
        for px in 0..<width {
          let expected = PixelTestSupport.referenceRGB(
            y: Int(y(px, py)), cb: Int(cb(px / 2, py / 2)), cr: Int(cr(px / 2, py / 2)),
            space: space)
          let o = (py * width + px) * 4
          for c in 0..<3 { #expect(abs(Int(rgba[o + c]) - Int(expected[c])) <= 1) }
          #expect(rgba[o + 3] == 255)
        }
      }
    }
  }

  @Test("A plane too small for its stride is refused at init")
  func planeTooSmall() throws {
    let space = YUVColorSpace(matrix: .bt601, range: .video)
    #expect(throws: ImageError.self) {
      try PixelImage(
        width: 4, height: 4, format: .nv12(space),
        planes: [
          ImagePlane(bytes: [UInt8](repeating: 0, count: 16), bytesPerRow: 4),
          ImagePlane(bytes: [UInt8](repeating: 0, count: 7), bytesPerRow: 4),
        ])
    }
  }
}
