/// Tiny BMP files (4×3 pixels) in every layout the decoder reads: OS/2 core and Windows
/// headers (40, 56, 108, 124 bytes), 1/4/8-bit palettes, 16/24/32-bit pixels, bit fields,
/// RLE8, RLE4 and top-down rows. For seeds only: pixel values are arbitrary.
enum TinyBMP {
  /// All the seed files.
  static var all: [[UInt8]] {
    [
      file(bitsPerPixel: 24), file(bitsPerPixel: 24, headerSize: 12),
      file(bitsPerPixel: 24, topDown: true), file(bitsPerPixel: 32, headerSize: 108),
      file(
        bitsPerPixel: 32, compression: 3, headerSize: 124,
        masks: [0xFF0000, 0xFF00, 0xFF, 0xFF00_0000]),
      file(bitsPerPixel: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F]),
      file(bitsPerPixel: 16, compression: 6, headerSize: 56, masks: [0x0F00, 0xF0, 0x0F, 0xF000]),
      file(bitsPerPixel: 8, colors: 4), file(bitsPerPixel: 4, colors: 16),
      file(bitsPerPixel: 1, colors: 2), file(bitsPerPixel: 8, colors: 2, headerSize: 12),
      file(
        bitsPerPixel: 8, compression: 1, colors: 4,
        pixels: [4, 1, 0, 2, 2, 3, 0, 0, 0, 2, 1, 1, 2, 2, 0, 0, 0, 1]),
      file(bitsPerPixel: 4, compression: 2, colors: 4, pixels: [4, 0x12, 0, 0, 3, 0x21, 0, 1]),
    ]
  }

  /// A 4×3 BMP: file header, DIB header, optional masks (when not inside the header), palette
  /// of `colors` entries, then `pixels` (or rows of a repeating pattern when nil).
  static func file(
    bitsPerPixel: Int, compression: UInt32 = 0, colors: Int = 0, headerSize: Int = 40,
    topDown: Bool = false, masks: [UInt32] = [], pixels: [UInt8]? = nil
  ) -> [UInt8] {
    let width = 4
    let height = 3
    var dib: [UInt8] = []
    if headerSize == 12 {
      dib += le16(width) + le16(height) + le16(1) + le16(bitsPerPixel)
    } else {
      dib += le32(width) + le32(topDown ? -height : height) + le16(1) + le16(bitsPerPixel)
      dib += le32(Int(compression)) + le32(0) + le32(2835) + le32(2835) + le32(colors) + le32(0)
      let inHeader = masks.prefix(max(0, (headerSize - 40) / 4))
      dib += inHeader.flatMap { le32(Int($0)) }
    }
    dib = le32(headerSize) + dib
    dib += [UInt8](repeating: 0, count: max(0, headerSize - dib.count))
    let separateMasks = headerSize == 40 ? masks.flatMap { le32(Int($0)) } : []
    let entry = headerSize == 12 ? 3 : 4
    let palette = (0..<colors).flatMap { index in
      [UInt8](repeating: UInt8(truncatingIfNeeded: index * 85), count: entry)
    }
    let stride = (width * bitsPerPixel + 31) / 32 * 4
    let data = pixels ?? (0..<(stride * height)).map { UInt8(truncatingIfNeeded: $0 &* 29) }
    let offset = 14 + dib.count + separateMasks.count + palette.count
    let header = Array("BM".utf8) + le32(offset + data.count) + le32(0) + le32(offset)
    return header + dib + separateMasks + palette + data
  }

  private static func le16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }

  private static func le32(_ value: Int) -> [UInt8] {
    le16(value) + le16(value >> 16)
  }
}
