/// The `biCompression` field of a BMP info header: how the pixel array is stored.
enum BMPCompression: Equatable, Sendable {
  /// `BI_RGB` (0): uncompressed pixels, palette indices or B, G, R (X) bytes.
  case rgb
  /// `BI_RLE8` (1): run-length encoded 8-bit palette indices.
  case rle8
  /// `BI_RLE4` (2): run-length encoded 4-bit palette indices.
  case rle4
  /// `BI_BITFIELDS` (3): 16/24/32-bit pixels with red, green, blue (and, in V3+ headers,
  /// alpha) bit masks.
  case bitFields
  /// `BI_ALPHABITFIELDS` (6): like `bitFields`, with an alpha mask after the color masks.
  case alphaBitFields

  /// The compression for a raw `biCompression` value in a header of `headerSize` bytes, or a
  /// `.unsupported` error naming the feature.
  static func from(raw: UInt32, headerSize: Int) throws(DecodeError) -> BMPCompression {
    if headerSize == 64 {
      // OS/2 2.x reuses 3 and 4 for its own schemes.
      if raw == 3 { throw .unsupported(format: .bmp, feature: "OS/2 Huffman 1D compression") }
      if raw == 4 { throw .unsupported(format: .bmp, feature: "OS/2 RLE24 compression") }
    }
    switch raw {
    case 0: return .rgb
    case 1: return .rle8
    case 2: return .rle4
    case 3: return .bitFields
    case 4: throw .unsupported(format: .bmp, feature: "JPEG-compressed pixels (BI_JPEG)")
    case 5: throw .unsupported(format: .bmp, feature: "PNG-compressed pixels (BI_PNG)")
    case 6: return .alphaBitFields
    case 11, 12, 13: throw .unsupported(format: .bmp, feature: "CMYK pixels (compression \(raw))")
    default: throw .unsupported(format: .bmp, feature: "compression type \(raw)")
    }
  }
}
