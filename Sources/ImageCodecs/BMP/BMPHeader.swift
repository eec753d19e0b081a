/// The parsed headers of a BMP file: file header, DIB header, bit masks and where the
/// palette and pixel array lie. Every offset has been checked against the file size.
struct BMPHeader: Sendable {
  /// The DIB header size: 12 (OS/2 1.x / `BITMAPCOREHEADER`), 40, 52, 56, 64 (OS/2 2.x),
  /// 108 (V4) or 124 (V5).
  var headerSize: Int
  /// Width in pixels (> 0).
  var width: Int
  /// Height in pixels (> 0).
  var height: Int
  /// True when rows are stored top row first (negative height in the file).
  var topDown: Bool
  /// Bits per pixel: 1, 4, 8, 16, 24 or 32.
  var bitsPerPixel: Int
  var compression: BMPCompression
  /// Red, green, blue, alpha masks for `BI_BITFIELDS` / `BI_ALPHABITFIELDS` (and the implied
  /// masks of 16- and 32-bit `BI_RGB`), nil for palette images and 24-bit `BI_RGB`.
  var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)?
  /// Palette colors the header declares (`biClrUsed`, or 2^bits when 0); 0 above 8 bits.
  var paletteCount: Int
  /// Byte offset of the palette (right after the DIB header).
  var paletteOffset: Int
  /// Bytes per palette entry: 3 (OS/2 1.x, B G R) or 4 (B G R X).
  var paletteEntrySize: Int
  /// Byte offset of the pixel array (≤ the file size).
  var pixelOffset: Int

  /// Parses the headers of the BMP file `bytes`.
  ///
  /// Follows Pillow 13 where the format is loose: the palette is read right after the DIB
  /// header; a pixel offset of 0 means "right after the palette"; a pixel offset that points
  /// at the palette of a ≤ 8-bit image skips it; the top byte of the height decides top-down.
  static func parse(_ bytes: [UInt8]) throws(DecodeError) -> BMPHeader {
    let count = bytes.count
    guard count >= 18 else {
      throw .truncated(format: .bmp, offset: count, what: "the file header")
    }
    guard bytes[0] == 0x42, bytes[1] == 0x4D else {
      throw .invalid(format: .bmp, offset: 0, reason: "the file does not start with \"BM\"")
    }
    let declaredPixelOffset = Int(readUInt32(bytes, 10))
    let headerSize = Int(readUInt32(bytes, 14))
    guard [12, 40, 52, 56, 64, 108, 124].contains(headerSize) else {
      throw .unsupported(format: .bmp, feature: "a DIB header of \(headerSize) bytes")
    }
    guard 14 + headerSize <= count else {
      throw .truncated(format: .bmp, offset: count, what: "the \(headerSize)-byte DIB header")
    }
    var (header, colorsUsed) = try readDIBFields(bytes, headerSize: headerSize)
    var position = 14 + headerSize
    header.masks = try readMasks(bytes, header: header, position: &position)
    header.paletteOffset = position
    if header.bitsPerPixel <= 8 {
      let colors = headerSize == 12 || colorsUsed == 0 ? 1 << header.bitsPerPixel : colorsUsed
      guard colors <= 65536 else {
        throw .invalid(format: .bmp, offset: 46, reason: "the palette has \(colors) colors")
      }
      header.paletteCount = colors
      position += colors * header.paletteEntrySize
    }
    var pixelOffset = declaredPixelOffset
    if pixelOffset == 0 {
      pixelOffset = min(position, count)
    } else if pixelOffset == 14 + headerSize && header.bitsPerPixel <= 8 {
      pixelOffset += header.paletteCount * header.paletteEntrySize
    }
    guard pixelOffset <= count else {
      throw .truncated(format: .bmp, offset: count, what: "the pixel array at byte \(pixelOffset)")
    }
    header.pixelOffset = pixelOffset
    return header
  }

  /// The size, row order, depth and compression from the DIB header of `headerSize` bytes
  /// (which the file holds), and its `biClrUsed` (0 for OS/2 1.x).
  private static func readDIBFields(_ bytes: [UInt8], headerSize: Int) throws(DecodeError)
    -> (BMPHeader, colorsUsed: Int)
  {
    var header = BMPHeader(
      headerSize: headerSize, width: 0, height: 0, topDown: false, bitsPerPixel: 0,
      compression: .rgb, masks: nil, paletteCount: 0, paletteOffset: 0, paletteEntrySize: 4,
      pixelOffset: 0)
    var colorsUsed = 0
    if headerSize == 12 {
      header.width = Int(readUInt16(bytes, 18))
      header.height = Int(readUInt16(bytes, 20))
      header.bitsPerPixel = Int(readUInt16(bytes, 24))
      header.paletteEntrySize = 3
    } else {
      let width = Int32(bitPattern: readUInt32(bytes, 18))
      let height = Int32(bitPattern: readUInt32(bytes, 22))
      guard width > 0 else {
        throw .invalid(format: .bmp, offset: 18, reason: "the width is \(width)")
      }
      header.width = Int(width)
      header.topDown = height < 0
      header.height = height < 0 ? -Int(height) : Int(height)
      header.bitsPerPixel = Int(readUInt16(bytes, 28))
      header.compression = try BMPCompression.from(
        raw: readUInt32(bytes, 30), headerSize: headerSize)
      colorsUsed = Int(readUInt32(bytes, 46))
    }
    guard [1, 4, 8, 16, 24, 32].contains(header.bitsPerPixel) else {
      throw .unsupported(format: .bmp, feature: "\(header.bitsPerPixel) bits per pixel")
    }
    guard header.height > 0 else {
      throw .invalid(format: .bmp, offset: headerSize == 12 ? 20 : 22, reason: "the height is 0")
    }
    guard header.width > 0 else {
      throw .invalid(format: .bmp, offset: 18, reason: "the width is 0")
    }
    return (header, colorsUsed)
  }

  /// The channel masks the compression and depth of `header` imply (nil for palette images and
  /// 24-bit `BI_RGB`), reading bit-field masks that follow a short DIB header at `position`
  /// (and moving past them).
  private static func readMasks(_ bytes: [UInt8], header: BMPHeader, position: inout Int)
    throws(DecodeError) -> (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)?
  {
    switch header.compression {
    case .rle8 where header.bitsPerPixel > 8, .rle4 where header.bitsPerPixel > 8:
      // Pillow decodes RLE8/RLE4 data with any palette depth (the compression decides the
      // run format, the depth the palette size), but not direct color.
      throw .invalid(
        format: .bmp, offset: 28,
        reason:
          "\(header.compression == .rle8 ? "RLE8" : "RLE4") with \(header.bitsPerPixel) bits per pixel"
      )
    case .bitFields, .alphaBitFields:
      return try readBitFields(bytes, header: header, position: &position)
    case .rgb where header.bitsPerPixel == 16:
      return (0x7C00, 0x3E0, 0x1F, 0)
    case .rgb where header.bitsPerPixel == 32:
      // The fourth byte is reserved: Pillow (and Windows) ignore it, the image is opaque.
      return (0xFF_0000, 0xFF00, 0xFF, 0)
    default:
      return nil
    }
  }

  /// The masks of a `BI_BITFIELDS` / `BI_ALPHABITFIELDS` image, as Pillow reads them: inside
  /// a DIB header of 52 bytes or more, else at `position` (moved past them).
  private static func readBitFields(_ bytes: [UInt8], header: BMPHeader, position: inout Int)
    throws(DecodeError) -> (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)
  {
    guard header.bitsPerPixel >= 16 else {
      throw .invalid(
        format: .bmp, offset: 28,
        reason: "bit-field masks with \(header.bitsPerPixel) bits per pixel")
    }
    let withAlpha = header.compression == .alphaBitFields
    var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)
    if header.headerSize >= 52 {
      masks = (readUInt32(bytes, 54), readUInt32(bytes, 58), readUInt32(bytes, 62), 0)
      if header.headerSize >= 56 { masks.alpha = readUInt32(bytes, 66) }
    } else {
      let needed = withAlpha ? 16 : 12
      guard position + needed <= bytes.count else {
        throw .truncated(format: .bmp, offset: bytes.count, what: "the bit-field masks")
      }
      masks = (
        readUInt32(bytes, position), readUInt32(bytes, position + 4),
        readUInt32(bytes, position + 8), withAlpha ? readUInt32(bytes, position + 12) : 0
      )
      position += needed
    }
    // Pillow reads 16- and 24-bit pixels with its known color masks and no alpha, whatever
    // the alpha mask says.
    let known16: [(UInt32, UInt32, UInt32)] = [(0xF800, 0x7E0, 0x1F), (0x7C00, 0x3E0, 0x1F)]
    if header.bitsPerPixel == 16,
      known16.contains(where: { $0 == (masks.red, masks.green, masks.blue) })
        || header.bitsPerPixel == 24
          && (masks.red, masks.green, masks.blue) == (0xFF_0000, 0xFF00, 0xFF)
    {
      masks.alpha = 0
    }
    if masks == (0, 0, 0, 0) {
      // Pillow reads 32-bit pixels with four zero masks as B, G, R, A.
      guard header.bitsPerPixel == 32 else {
        throw .invalid(format: .bmp, offset: 54, reason: "all bit-field masks are 0")
      }
      masks = (0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000)
    }
    return masks
  }

  /// A little-endian 16-bit value at `offset` (the caller has checked the bounds).
  @inline(__always)
  static func readUInt16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// A little-endian 32-bit value at `offset` (the caller has checked the bounds).
  @inline(__always)
  static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }
}
