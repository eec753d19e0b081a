/// Decodes PNG, JPEG and BMP files, recognized by their content (magic bytes), never by name.
public enum ImageDecoder {
  /// Decodes `bytes` with the decoder ``ImageFormat/sniff(_:)`` picks.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - limits: passed to the format's decoder (checked before allocating pixels).
  /// - Returns: 8-bit RGBA pixels as stored (not rotated) and the EXIF orientation.
  /// - Throws: `DecodeError.unknownFormat` (with the first bytes) when no signature matches;
  ///   otherwise whatever the format's decoder throws.
  public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    switch ImageFormat.sniff(bytes) {
    case .png: return try PNGDecoder.decode(bytes, limits: limits)
    case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
    case .bmp: return try BMPDecoder.decode(bytes, limits: limits)
    case nil: throw .unknownFormat(prefix: Array(bytes.prefix(8)))
    }
  }
}
