/// Decodes baseline, extended (Huffman, 8-bit) and progressive JPEG files to RGBA, bit-exact
/// with libjpeg-turbo 3.2.0's default decode as Pillow 13 returns it (`convert("RGBA")`):
/// accurate integer IDCT, fancy upsampling, jdcolor.c color conversion, Adobe CMYK / YCCK
/// through Pillow's CMYK → RGB.
///
/// The pixels are not rotated: ``DecodedRaster/exifOrientation`` says how to turn them upright.
/// Arithmetic coding, 12-bit and lossless files throw ``DecodeError/unsupported(format:feature:)``.
public enum JPEGDecoder {
  /// Decodes `bytes` (a whole JPEG file) to 8-bit RGBA with A = 255.
  ///
  /// Throws ``DecodeError`` when the file is not a JPEG this decoder can read: `.invalid` /
  /// `.truncated` for broken structure, `.unsupported` for features outside baseline,
  /// extended-Huffman 8-bit and progressive-Huffman (and for non-integral sampling ratios,
  /// which libjpeg rejects too), `.tooLarge` past `limits`. Entropy-coded data that ends early
  /// or is damaged is filled as libjpeg fills it and reported with
  /// ``DecodedRaster/isIncomplete``.
  ///
  /// A single-scan sequential file (baseline or extended, not progressive) is decoded one iMCU
  /// row at a time straight into the pixel pass, as libjpeg does, so its coefficient memory is
  /// one iMCU row's; other files keep every coefficient of the frame until the last scan.
  public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    switch try JPEGBitstreamDecoder.start(bytes, limits: limits, streaming: true) {
    case .whole(let frame):
      return image(frame, rgba: try JPEGPixelPipeline.render(frame: frame, limits: limits))
    case .streamed(let stream):
      let rgba = try JPEGPixelPipeline.render(stream: stream, limits: limits)
      return image(stream.decodedFrame, rgba: rgba)
    }
  }

  /// Decodes `bytes` as ``decode(_:limits:)`` but always stores every coefficient of the frame
  /// before the pixel pass (the path multi-scan files take): the reference the streamed path
  /// of single-scan files is tested against.
  package static func decodeWholeFrame(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    try decode(bytes, limits: limits) { frame, limits throws(DecodeError) in
      try JPEGPixelPipeline.render(frame: frame, limits: limits)
    }
  }

  /// Decodes `bytes` with `render` as the pixel half (the fast pipeline or the reference).
  static func decode(
    _ bytes: [UInt8], limits: DecodeLimits,
    render: (_ frame: JPEGFrame, _ limits: DecodeLimits) throws(DecodeError) -> [UInt8]
  ) throws(DecodeError) -> DecodedImage {
    let frame = try JPEGBitstreamDecoder.decode(bytes, limits: limits)
    return image(frame, rgba: try render(frame, limits))
  }

  /// The decoded image of `frame` with pixels `rgba`.
  private static func image(_ frame: JPEGFrame, rgba: [UInt8]) -> DecodedImage {
    DecodedImage(
      width: frame.width, height: frame.height, rgba: rgba, format: .jpeg,
      exifOrientation: frame.exifOrientation, isIncomplete: frame.isIncomplete,
      colorInfo: ColorInfo(hasICCProfile: frame.hasICCProfile))
  }
}
