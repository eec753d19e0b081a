/// ``JPEGDecoder`` with the pixel half replaced by the plain scalar reference
/// (``JPEGPixelPipelineReference``): same entropy decoding, same results, much slower. For
/// verifying the fast path on real files.
public enum JPEGReferenceDecoder {
  /// Decodes `bytes` like ``JPEGDecoder/decode(_:limits:)`` with the reference pixel stages.
  public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    let frame = try JPEGBitstreamDecoder.decode(bytes, limits: limits)
    let rgba = try JPEGPixelPipelineReference.render(frame: frame, limits: limits)
    return DecodedImage(
      width: frame.width, height: frame.height, rgba: rgba, format: .jpeg,
      exifOrientation: frame.exifOrientation, isIncomplete: frame.isIncomplete,
      colorInfo: ColorInfo(hasICCProfile: frame.hasICCProfile))
  }
}
