import ImageCodecs

/// libFuzzer entry for EXIF: the orientation from an APP1 payload (`Exif\0\0` + TIFF) and from
/// a bare TIFF structure (PNG `eXIf`).
@_cdecl("LLVMFuzzerTestOneInput")
public func exifFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = ExifReader.orientation(app1Payload: bytes[...])
  _ = ExifReader.orientation(tiff: bytes[...])
  return 0
}
