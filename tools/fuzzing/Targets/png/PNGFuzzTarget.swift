import ImageCodecs

/// libFuzzer entry for PNG: chunks, CRCs, zlib, filters, Adam7, every colour type and depth,
/// to RGBA8 and to RGBA16. Small limits (64 K pixels) keep big headers from slowing campaigns.
@_cdecl("LLVMFuzzerTestOneInput")
public func pngFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodeLimits(
    maxPixels: 1 << 16, maxDecodedBytes: 4 << 20, maxMetadataBytes: 1 << 16)
  _ = try? PNGDecoder.decode(bytes, limits: limits)
  _ = try? PNGDecoder.decodeRGBA16(bytes, limits: limits)
  return 0
}
