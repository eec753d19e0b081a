import ImageCodecs

/// libFuzzer entry for BMP: every header version, palettes, bit fields, RLE4/RLE8, top-down.
@_cdecl("LLVMFuzzerTestOneInput")
public func bmpFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodeLimits(
    maxPixels: 1 << 16, maxDecodedBytes: 4 << 20, maxMetadataBytes: 1 << 16)
  _ = try? BMPDecoder.decode(bytes, limits: limits)
  return 0
}
