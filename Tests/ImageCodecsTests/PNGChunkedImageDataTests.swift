import ImageCodecs
import Inflate
import Testing

/// PNG image data in many IDAT chunks, where the decoder drops the filtered rows it has
/// decoded (keeping the inflate window) between chunks: the pixels must be exactly the
/// encoded ones, including when the stream holds more data than the image (libpng's benign
/// "Too much image data", which re-inflates the chunks).
@Suite("PNG decoder: image data in many IDAT chunks")
struct PNGChunkedImageDataTests {
  static let width = 700
  static let height = 500

  /// Compressible noise: smooth gradients plus small random steps.
  static func pixels(bytesPerPixel: Int) -> [UInt8] {
    var state: UInt32 = 12345
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * bytesPerPixel)
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<bytesPerPixel {
          state = state &* 1_103_515_245 &+ 12345
          let noise = Int(state >> 28)
          bytes.append(UInt8(truncatingIfNeeded: x / 3 + y / 2 + channel * 40 + noise))
        }
      }
    }
    return bytes
  }

  /// A PNG of `zlib` (the image data stream) cut into IDAT chunks of `chunk` bytes.
  static func file(colorType: UInt8, zlib: [UInt8], chunk: Int) -> [UInt8] {
    var file =
      PNGTestFiles.signature
      + PNGTestFiles.ihdr(
        width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: colorType)
    var offset = 0
    while offset < zlib.count {
      let end = min(zlib.count, offset + chunk)
      file += PNGTestFiles.chunk("IDAT", Array(zlib[offset..<end]))
      offset = end
    }
    return file + PNGTestFiles.chunk("IEND", [])
  }

  /// The RGBA the decoder should return for RGB or RGBA `pixels`.
  static func rgba(_ pixels: [UInt8], bytesPerPixel: Int) -> [UInt8] {
    guard bytesPerPixel == 3 else { return pixels }
    var out: [UInt8] = []
    out.reserveCapacity(pixels.count / 3 * 4)
    for index in stride(from: 0, to: pixels.count, by: 3) {
      out += [pixels[index], pixels[index + 1], pixels[index + 2], 255]
    }
    return out
  }

  @Test("the encoder's image data re-cut into small IDAT chunks", arguments: [1000, 8192, 65_536])
  func recut(chunk: Int) throws {
    for layout in [PNGEncoder.Layout.rgb, .rgba] {
      let pixels = Self.pixels(bytesPerPixel: layout.bytesPerPixel)
      let encoded = PNGEncoder.encode(
        width: Self.width, height: Self.height, pixels: pixels, layout: layout)
      let zlib = PNGChunkedImageDataTests.imageData(encoded)
      let file = Self.file(colorType: layout == .rgb ? 2 : 6, zlib: zlib, chunk: chunk)
      let image = try PNGDecoder.decode(file)
      let same = image.rgba == Self.rgba(pixels, bytesPerPixel: layout.bytesPerPixel)
      #expect(same, "\(layout), chunks of \(chunk)")
    }
  }

  @Test("more image data than the image needs, in small chunks: the pixels, no error")
  func tooMuchData() throws {
    let pixels = Self.pixels(bytesPerPixel: 3)
    var filtered: [UInt8] = []
    for y in 0..<Self.height {
      filtered.append(0)
      filtered += pixels[(y * Self.width * 3)..<((y + 1) * Self.width * 3)]
    }
    filtered += [UInt8](repeating: 7, count: 70_000)
    let file = Self.file(colorType: 2, zlib: DeflateEncoder.zlib(filtered), chunk: 4096)
    let image = try PNGDecoder.decode(file)
    let same = image.rgba == Self.rgba(pixels, bytesPerPixel: 3)
    #expect(same)
  }

  /// The concatenated IDAT payloads of `file`.
  static func imageData(_ file: [UInt8]) -> [UInt8] {
    let starts = PNGTestFiles.chunkBoundaries(file)
    var data: [UInt8] = []
    for (start, next) in zip(starts, starts.dropFirst())
    where Array(file[(start + 4)..<(start + 8)]) == Array("IDAT".utf8) {
      data += file[(start + 8)..<(next - 4)]
    }
    return data
  }
}
