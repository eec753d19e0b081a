/// ``JPEGDecoder`` with the pixel half replaced by the plain scalar reference
/// (``JPEGPixelPipelineReference``): same entropy decoding, same results, much slower. For
/// verifying the fast path on real files.
package enum JPEGReferenceDecoder {
  /// Decodes `bytes` like ``JPEGDecoder/decode(_:limits:)`` with the reference pixel stages.
  package static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> DecodedImage
  {
    try JPEGDecoder.decode(
      bytes, limits: limits, render: JPEGPixelPipelineReference.render(frame:limits:))
  }
}
