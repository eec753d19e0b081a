import TFLiteModel

/// libFuzzer entry for FlexBuffers (custom operator options): verify, decode every value, render.
@_cdecl("LLVMFuzzerTestOneInput")
public func flexBuffersFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let value = try? FlexBuffer(bytes).decode() {
    _ = value.rendered(pretty: true)
  }
  return 0
}
