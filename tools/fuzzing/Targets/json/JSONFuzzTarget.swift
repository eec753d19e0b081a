import TFLiteModel

/// libFuzzer entry for the lenient JSON parser and the documents read with it: AutoML
/// manifests, and Ultralytics metadata (JSON, else a Python dict literal).
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  _ = try? LenientJSON.parse(bytes)
  _ = try? AutoMLManifest.parse(bytes, allowUnknownModelType: true)
  _ = UltralyticsMetadata.parse(bytes, fileName: "metadata.yaml")
  return 0
}
