import Imaging
import OcellusTestSupport
import Testing

/// `PixelImage.applying(_:)`: the blocked kernels against the per-pixel reference, the reference
/// against the F.1 formulas typed in, Pillow-computed cases, round trips and composition,
/// for every format, odd and even sizes and padded strides.
@Suite("Orientation pixels")
struct OrientationPixelTests {
  static let color = YUVColorSpace(matrix: .bt601, range: .video)
  static let formats: [PixelFormat] = [
    .rgba8, .bgra8, .rgb8, .gray8, .nv12(color), .nv21(color), .i420(color),
  ]
  /// Odd and even sizes, below and above the 8 × 8 blocks and the 128-byte strips.
  static let sizes: [(Int, Int)] = [
    (1, 1), (2, 1), (1, 9), (2, 2), (3, 5), (5, 3), (7, 8), (8, 8), (9, 7), (16, 16), (17, 33),
    (33, 17), (64, 3), (131, 67), (300, 141),
  ]

  /// Bytes per element of each plane (NV12/NV21 chroma: one Cb/Cr pair).
  static func elementSizes(_ format: PixelFormat) -> [Int] {
    switch format {
    case .rgba8, .bgra8: return [4]
    case .rgb8: return [3]
    case .gray8: return [1]
    case .nv12, .nv21: return [1, 2]
    case .i420: return [1, 1, 1]
    }
  }

  /// A random image whose rows are padded by `padding` bytes of random junk.
  static func randomImage(
    _ format: PixelFormat, width: Int, height: Int, padding: Int, using random: inout SplitMix64
  ) throws -> PixelImage {
    let layout = PixelImage.planeLayout(format: format, width: width, height: height)
    let planes = layout.map { (rowBytes, rows) in
      let stride = rowBytes + padding
      let bytes = (0..<(stride * rows)).map { _ in UInt8.random(in: 0...255, using: &random) }
      return ImagePlane(bytes: bytes, bytesPerRow: stride)
    }
    return try PixelImage(width: width, height: height, format: format, planes: planes)
  }

  /// Each plane's pixel rows without the row padding.
  static func content(_ image: PixelImage) -> [[UInt8]] {
    let layout = PixelImage.planeLayout(
      format: image.format, width: image.width, height: image.height)
    return zip(image.planes, layout).map { plane, shape in
      (0..<shape.rows).flatMap { row in
        plane.bytes[(row * plane.bytesPerRow)..<(row * plane.bytesPerRow + shape.rowBytes)]
      }
    }
  }

  @Test("the blocked kernels equal the per-pixel reference", arguments: formats)
  func fastMatchesReference(format: PixelFormat) throws {
    var random = SplitMix64(seed: 0x6F72_6965_6E74)
    for (width, height) in Self.sizes {
      for padding in [0, 3, 13] {
        let image = try Self.randomImage(
          format, width: width, height: height, padding: padding, using: &random)
        for orientation in ImageOrientation.allCases {
          let fast = try image.applying(orientation)
          let reference = try image.applyingReferenceRemap(orientation)
          let size = orientation.displaySize(forRawWidth: width, height: height)
          #expect(fast.width == size.width && fast.height == size.height)
          #expect(fast.format == format && reference.format == format)
          #expect(
            Self.content(fast) == Self.content(reference),
            "\(format) \(width)×\(height) +\(padding) \(orientation)")
          // Rotated outputs are tightly packed.
          if orientation != .up {
            #expect(fast == reference, "\(format) \(width)×\(height) \(orientation)")
          }
        }
      }
    }
  }

  @Test("random sizes and strides: blocked kernels equal the reference", arguments: formats)
  func randomSizes(format: PixelFormat) throws {
    var random = SplitMix64(seed: 0xB10C)
    for _ in 0..<20 {
      let width = Int.random(in: 1...160, using: &random)
      let height = Int.random(in: 1...160, using: &random)
      let padding = Int.random(in: 0...40, using: &random)
      let image = try Self.randomImage(
        format, width: width, height: height, padding: padding, using: &random)
      for orientation in ImageOrientation.allCases where orientation != .up {
        #expect(
          try image.applying(orientation) == image.applyingReferenceRemap(orientation),
          "\(format) \(width)×\(height) +\(padding) \(orientation)")
      }
    }
  }

  @Test("the reference remap moves each plane's pixels by the F.1 formula", arguments: formats)
  func referenceMatchesFormula(format: PixelFormat) throws {
    var random = SplitMix64(seed: 0xF1)
    for (width, height) in [(5, 3), (6, 4), (7, 9), (1, 4), (10, 1)] {
      let image = try Self.randomImage(
        format, width: width, height: height, padding: 5, using: &random)
      let layout = PixelImage.planeLayout(format: format, width: width, height: height)
      for orientation in ImageOrientation.allCases {
        let formula = try #require(OrientationGeometryTests.pixelFormulas[orientation.exifValue])
        for candidate in [
          try image.applyingReferenceRemap(orientation), try image.applying(orientation),
        ] {
          for (index, element) in Self.elementSizes(format).enumerated() {
            let w = layout[index].rowBytes / element
            let h = layout[index].rows
            let source = image.planes[index]
            let output = candidate.planes[index]
            let outWidth = orientation.swapsWidthAndHeight ? h : w
            let outHeight = orientation.swapsWidthAndHeight ? w : h
            var mismatches = 0
            for v in 0..<outHeight {
              for u in 0..<outWidth {
                let (x, y) = formula(u, v, w, h)
                for channel in 0..<element {
                  let expected = source.bytes[y * source.bytesPerRow + x * element + channel]
                  let found = output.bytes[v * output.bytesPerRow + u * element + channel]
                  if expected != found { mismatches += 1 }
                }
              }
            }
            #expect(mismatches == 0, "\(format) plane \(index) \(width)×\(height) \(orientation)")
          }
        }
      }
    }
  }

  /// Pillow's `ImageOps.exif_transpose` on index images (3 × 2 and 5 × 4): EXIF → the source
  /// pixel index of each output pixel, row-major.
  static let pillowCases: [(Int, Int, Int, [Int])] = [
    (3, 2, 1, [0, 1, 2, 3, 4, 5]),
    (3, 2, 2, [2, 1, 0, 5, 4, 3]),
    (3, 2, 3, [5, 4, 3, 2, 1, 0]),
    (3, 2, 4, [3, 4, 5, 0, 1, 2]),
    (3, 2, 5, [0, 3, 1, 4, 2, 5]),
    (3, 2, 6, [3, 0, 4, 1, 5, 2]),
    (3, 2, 7, [5, 2, 4, 1, 3, 0]),
    (3, 2, 8, [2, 5, 1, 4, 0, 3]),
    (5, 4, 5, [0, 5, 10, 15, 1, 6, 11, 16, 2, 7, 12, 17, 3, 8, 13, 18, 4, 9, 14, 19]),
    (5, 4, 6, [15, 10, 5, 0, 16, 11, 6, 1, 17, 12, 7, 2, 18, 13, 8, 3, 19, 14, 9, 4]),
    (5, 4, 7, [19, 14, 9, 4, 18, 13, 8, 3, 17, 12, 7, 2, 16, 11, 6, 1, 15, 10, 5, 0]),
    (5, 4, 8, [4, 9, 14, 19, 3, 8, 13, 18, 2, 7, 12, 17, 1, 6, 11, 16, 0, 5, 10, 15]),
  ]

  @Test("gray index images turn exactly as Pillow's exif_transpose")
  func pillowIndexImages() throws {
    for (width, height, exif, sources) in Self.pillowCases {
      let orientation = try #require(ImageOrientation(exif: exif))
      let image = try PixelImage(
        width: width, height: height, format: .gray8,
        bytes: (0..<(width * height)).map { UInt8($0) })
      let upright = try image.applying(orientation)
      #expect(
        upright.planes[0].bytes == sources.map { UInt8($0) }, "\(width)×\(height) EXIF \(exif)")
      let reference = try image.applyingReferenceRemap(orientation)
      #expect(
        reference.planes[0].bytes == sources.map { UInt8($0) }, "\(width)×\(height) EXIF \(exif)")
    }
  }

  @Test("a 2 × 2 RGBA image rotated a quarter turn clockwise (.right, EXIF 6)")
  func quarterTurn() throws {
    // Raw: red green / blue white. A clockwise turn puts blue top-left, red top-right.
    let red: [UInt8] = [255, 0, 0, 255]
    let green: [UInt8] = [0, 255, 0, 255]
    let blue: [UInt8] = [0, 0, 255, 255]
    let white: [UInt8] = [255, 255, 255, 255]
    let image = try PixelImage(
      width: 2, height: 2, format: .rgba8, bytes: red + green + blue + white)
    #expect(try image.applying(.right).planes[0].bytes == blue + red + white + green)
    #expect(try image.applying(.left).planes[0].bytes == green + white + red + blue)
    #expect(try image.applying(.down).planes[0].bytes == white + blue + green + red)
  }

  @Test(
    "orientation then inverse is the identity, every format and orientation", arguments: formats)
  func roundTrips(format: PixelFormat) throws {
    var random = SplitMix64(seed: 0x1D)
    for (width, height) in [(1, 1), (5, 3), (8, 8), (9, 7), (131, 67)] {
      let image = try Self.randomImage(
        format, width: width, height: height, padding: 7, using: &random)
      for orientation in ImageOrientation.allCases {
        let turned = try image.applying(orientation)
        let back = try turned.applying(orientation.inverse)
        #expect(back.width == width && back.height == height)
        #expect(
          Self.content(back) == Self.content(image), "\(format) \(width)×\(height) \(orientation)")
      }
    }
  }

  @Test("applying a then b equals applying a.concatenated(b), all 64 pairs")
  func compositionOnPixels() throws {
    var random = SplitMix64(seed: 64)
    for format in [PixelFormat.rgba8, .gray8, .nv12(Self.color)] {
      let image = try Self.randomImage(format, width: 13, height: 6, padding: 0, using: &random)
      for a in ImageOrientation.allCases {
        let first = try image.applying(a)
        for b in ImageOrientation.allCases {
          let twice = try first.applying(b)
          let once = try image.applying(a.concatenated(b))
          #expect(Self.content(twice) == Self.content(once), "\(format) \(a) then \(b)")
        }
      }
    }
  }

  @Test("odd-size NV12 and I420 chroma planes turn with their own rounded-up sizes")
  func oddChromaSizes() throws {
    var random = SplitMix64(seed: 5)
    for format in [PixelFormat.nv12(Self.color), .i420(Self.color)] {
      let image = try Self.randomImage(format, width: 5, height: 3, padding: 1, using: &random)
      let turned = try image.applying(.right)
      #expect(turned.width == 3 && turned.height == 5)
      let layout = PixelImage.planeLayout(format: format, width: 3, height: 5)
      for (plane, shape) in zip(turned.planes, layout) {
        #expect(plane.bytesPerRow == shape.rowBytes)
        #expect(plane.bytes.count == shape.rowBytes * shape.rows)
      }
      // The chroma plane is 3 × 2 before and 2 × 3 after; its top-right sample of the output
      // (u = 1, v = 0) comes from chroma (x = 0, y = 0).
      let element = format == .i420(Self.color) ? 1 : 2
      let source = image.planes[1]
      #expect(
        Array(turned.planes[1].bytes[element..<(2 * element)])
          == Array(source.bytes[0..<element]))
    }
  }

  @Test(".up returns the image itself; the reference repacks it")
  func identity() throws {
    var random = SplitMix64(seed: 1)
    let image = try Self.randomImage(.rgb8, width: 7, height: 5, padding: 4, using: &random)
    #expect(try image.applying(.up) == image)
    let packed = try image.applyingReferenceRemap(.up)
    #expect(packed.planes[0].bytesPerRow == 21)
    #expect(Self.content(packed) == Self.content(image))
  }
}
