/// Decodes Windows and OS/2 BMP files into 8-bit RGBA.
///
/// Supported: OS/2 1.x (12-byte) and Windows 40/52/56-byte, OS/2 2.x (64-byte), V4 (108) and
/// V5 (124) headers; 1/4/8-bit palette images, 16/24/32-bit direct color, `BI_RLE8`,
/// `BI_RLE4`, `BI_BITFIELDS` and `BI_ALPHABITFIELDS` with any contiguous masks; bottom-up and
/// top-down (negative height) row order. Pillow 13 is the reference: the same pixels for every
/// file Pillow decodes. In particular 32-bit `BI_RGB` is opaque (the fourth byte is ignored),
/// alpha comes only from a bit-field alpha mask, palette indices beyond the palette are black,
/// and pixels that RLE deltas or an early end-of-bitmap skip are palette index 0.
/// Where Pillow fails but the file is meaningful (masks other than its few fixed layouts,
/// `BI_ALPHABITFIELDS`, an RLE image that ends early with an end-of-bitmap code), this
/// decoder decodes it. `BI_JPEG`, `BI_PNG`, CMYK, OS/2 Huffman and RLE24 throw `.unsupported`.
public enum BMPDecoder {
  /// Decodes a BMP file.
  ///
  /// - Parameters:
  ///   - bytes: the whole file, starting with `BM`.
  ///   - limits: checked against the header before any pixel buffer is allocated; the RGBA
  ///     output (and, for RLE, an index plane of width × height bytes) must also fit
  ///     `limits.maxDecodedBytes`.
  /// - Returns: the pixels, top row first; `exifOrientation` is always 1.
  /// - Throws: `DecodeError`: `.truncated` when the pixel data ends early, `.invalid` for
  ///   inconsistent headers, `.unsupported` for features listed above, `.tooLarge` past the
  ///   limits.
  public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    let header = try BMPHeader.parse(bytes)
    try limits.check(width: header.width, height: header.height, format: .bmp)
    let pixelCount = header.width * header.height
    let (outputBytes, overflow) = pixelCount.multipliedReportingOverflow(by: 4)
    let isRLE = header.compression == .rle8 || header.compression == .rle4
    let planeBytes = isRLE ? pixelCount : 0
    guard !overflow, outputBytes <= limits.maxDecodedBytes - planeBytes else {
      throw .tooLarge(
        format: .bmp, width: header.width, height: header.height,
        limit: .decodedBytes(limits.maxDecodedBytes))
    }
    let rgba: [UInt8]
    if isRLE {
      let indices = try decodeRLE(bytes, header: header)
      rgba = expandIndices(indices, header: header, palette: palette(bytes, header: header))
    } else {
      let stride = ((header.width * header.bitsPerPixel + 31) >> 3) & ~3
      let rowBytes = (header.width * header.bitsPerPixel + 7) >> 3
      let (rowsBefore, overflowRows) = stride.multipliedReportingOverflow(by: header.height - 1)
      let (needed, overflowNeeded) = rowsBefore.addingReportingOverflow(rowBytes)
      guard !overflowRows, !overflowNeeded, needed <= bytes.count - header.pixelOffset else {
        throw .truncated(
          format: .bmp, offset: bytes.count,
          what:
            "the pixel array (\(header.height) rows of \(stride) bytes from byte \(header.pixelOffset))"
        )
      }
      if header.bitsPerPixel <= 8 {
        rgba = expandPacked(
          bytes, header: header, stride: stride, palette: palette(bytes, header: header))
      } else if let masks = header.masks {
        rgba = try expandMasked(bytes, header: header, stride: stride, masks: masks)
      } else {
        rgba = expandBGR(bytes, header: header, stride: stride)
      }
    }
    return DecodedImage(width: header.width, height: header.height, rgba: rgba, format: .bmp)
  }

}
