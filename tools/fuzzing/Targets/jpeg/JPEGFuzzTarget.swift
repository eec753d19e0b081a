import ImageCodecs

/// libFuzzer entry for JPEG, baseline and progressive: markers, tables, entropy decoding,
/// upsampling, colour conversion, EXIF orientation. Small limits keep it fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func jpegFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodeLimits(
    maxPixels: 1 << 16, maxDecodedBytes: 4 << 20, maxMetadataBytes: 1 << 16)
  _ = try? JPEGDecoder.decode(bytes, limits: limits)
  return 0
}
