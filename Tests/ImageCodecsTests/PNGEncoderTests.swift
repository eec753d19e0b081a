import ImageCodecs
import Inflate
import OcellusTestSupport
import Testing

/// The PNG encoder: round trips through the decoder, file structure, compression.
@Suite("PNG encoder")
struct PNGEncoderTests {
  /// Pixels of one of three kinds: noise (incompressible), smooth gradients with a little
  /// noise (what photos look like to the filters), or flat areas (long matches).
  static func image(width: Int, height: Int, channels: Int, kind: Int, random: inout SplitMix64)
    -> [UInt8]
  {
    var pixels = [UInt8](repeating: 0, count: width * height * channels)
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<channels {
          let index = (y * width + x) * channels + channel
          switch kind {
          case 0:
            pixels[index] = UInt8.random(in: 0...255, using: &random)
          case 1:
            let noise = Int.random(in: -2...2, using: &random)
            pixels[index] = UInt8(truncatingIfNeeded: x * 3 + y * 2 + channel * 40 + noise)
          default:
            pixels[index] = UInt8(((x / 5 + y / 7) % 3) * 60 + channel)
          }
        }
      }
    }
    return pixels
  }

  /// The decoded RGBA of `pixels` in `layout`.
  static func expectedRGBA(_ pixels: [UInt8], layout: PNGEncoder.Layout) -> [UInt8] {
    var rgba: [UInt8] = []
    let channels = layout.bytesPerPixel
    for start in stride(from: 0, to: pixels.count, by: channels) {
      switch layout {
      case .gray: rgba += [pixels[start], pixels[start], pixels[start], 255]
      case .rgb: rgba += [pixels[start], pixels[start + 1], pixels[start + 2], 255]
      case .rgba: rgba += pixels[start..<(start + 4)]
      }
    }
    return rgba
  }

  @Test(
    "round trip of random images from 1×1 to 67×33 in every layout",
    arguments: PNGEncoder.Layout.allCases)
  func roundTrip(_ layout: PNGEncoder.Layout) throws {
    var random = SplitMix64(seed: 0x5EED_0000 + UInt64(layout.bytesPerPixel))
    var sizes: [(Int, Int)] = [(1, 1), (67, 33), (1, 33), (67, 1), (2, 2), (3, 1), (1, 3)]
    for _ in 0..<90 {
      sizes.append((Int.random(in: 1...67, using: &random), Int.random(in: 1...33, using: &random)))
    }
    for (index, (width, height)) in sizes.enumerated() {
      let pixels = Self.image(
        width: width, height: height, channels: layout.bytesPerPixel, kind: index % 3,
        random: &random)
      let file = PNGEncoder.encode(width: width, height: height, pixels: pixels, layout: layout)
      let image = try PNGDecoder.decode(file)
      #expect(image.width == width && image.height == height, "\(width)×\(height)")
      #expect(
        image.rgba == Self.expectedRGBA(pixels, layout: layout),
        "\(width)×\(height) kind \(index % 3)")
    }
  }

  @Test("a large image: several deflate blocks, window-distance matches, several IDAT chunks")
  func largeImage() throws {
    var random = SplitMix64(seed: 42)
    let width = 700
    let height = 600
    for kind in 0..<3 {
      let pixels = Self.image(
        width: width, height: height, channels: 4, kind: kind, random: &random)
      let file = PNGEncoder.encode(width: width, height: height, pixels: pixels, layout: .rgba)
      let image = try PNGDecoder.decode(file)
      #expect(image.rgba == pixels, "kind \(kind)")
      let idatCount = Self.chunkTypes(file).filter { $0 == "IDAT" }.count
      if kind == 0 {
        // Noise does not compress: 1.68 MB of pixels in stored blocks, split into 1 MiB IDATs.
        #expect(file.count < pixels.count + pixels.count / 50)
        #expect(idatCount == 2)
      } else if kind == 1 {
        // ±2 noise on gradients: about 3.5 bits a byte remain after filtering.
        #expect(file.count < pixels.count / 2, "kind \(kind): \(file.count) bytes")
      } else {
        #expect(file.count < pixels.count / 100, "kind \(kind): \(file.count) bytes")
      }
    }
  }

  static func chunkTypes(_ file: [UInt8]) -> [String] {
    var types: [String] = []
    var offset = 8
    while offset + 12 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
        | Int(file[offset + 3])
      types.append(String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self))
      offset += 12 + length
    }
    return types
  }

  @Test("the file structure: signature, IHDR fields, chunk CRCs, a zlib stream Inflate accepts")
  func structure() throws {
    let pixels: [UInt8] = (0..<(5 * 4 * 3)).map { UInt8($0 * 4) }
    let file = PNGEncoder.encode(width: 5, height: 4, pixels: pixels, layout: .rgb)
    #expect(Array(file[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(Self.chunkTypes(file) == ["IHDR", "IDAT", "IEND"])
    #expect(Array(file[8..<33]).prefix(8) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    #expect(Array(file[16..<29]) == [0, 0, 0, 5, 0, 0, 0, 4, 8, 2, 0, 0, 0])
    // Every chunk's CRC, and the IDAT zlib stream decoded by the Inflate module on its own.
    var offset = 8
    var idat: [UInt8] = []
    while offset + 12 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
        | Int(file[offset + 3])
      let crc = CRC32.checksum(Array(file[(offset + 4)..<(offset + 8 + length)]))
      let stored = file[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
      #expect(crc == stored)
      if file[(offset + 4)..<(offset + 8)].elementsEqual("IDAT".utf8) {
        idat += file[(offset + 8)..<(offset + 8 + length)]
      }
      offset += 12 + length
    }
    #expect(offset == file.count)
    let rows = try Inflate.decompress(idat, format: .zlib)
    #expect(rows.count == 4 * (1 + 15))
    #expect(stride(from: 0, to: rows.count, by: 16).allSatisfy { rows[$0] <= 4 })
    // A gradient row is best predicted from its left neighbour: Sub (1) or Paeth (4), never None.
    #expect(rows[0] != 0)
  }

  @Test("flat images compress to almost nothing; the empty and mismatched cases give []")
  func compressionAndInvalidInput() throws {
    let flat = [UInt8](repeating: 77, count: 512 * 512 * 3)
    let file = PNGEncoder.encode(width: 512, height: 512, pixels: flat, layout: .rgb)
    #expect(file.count < 2_000)
    let decoded = try PNGDecoder.decode(file)
    let pattern: [UInt8] = [77, 77, 77, 255]
    #expect(decoded.rgba.count == 512 * 512 * 4)
    #expect(decoded.rgba.indices.allSatisfy { decoded.rgba[$0] == pattern[$0 & 3] })
    #expect(PNGEncoder.encode(width: 0, height: 1, pixels: [], layout: .gray) == [])
    #expect(PNGEncoder.encode(width: 2, height: 2, pixels: [1, 2, 3], layout: .gray) == [])
    #expect(PNGEncoder.encode(width: -1, height: -4, pixels: [1, 2, 3, 4], layout: .gray) == [])
    #expect(PNGEncoder.encode(width: Int.max, height: 2, pixels: [1], layout: .rgba) == [])
  }

  @Test("re-encoding the conformance photos round-trips", .enabled(if: SharedData.isAvailable))
  func realImages() throws {
    for name in ["images/burger-224.png", "images/sparrow.png"] {
      let image = try PNGDecoder.decode(SharedData.bytes(name))
      let file = PNGEncoder.encode(
        width: image.width, height: image.height, pixels: image.rgba, layout: .rgba)
      #expect(try PNGDecoder.decode(file).rgba == image.rgba)
    }
  }
}
