import TFLiteInterpreter

/// libFuzzer entry for NumPy `.npy` files (the CLI's tensor inputs and references): parse,
/// then write back.
@_cdecl("LLVMFuzzerTestOneInput")
public func numPyFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let array = try? NumPyArray(npyBytes: bytes) {
    _ = array.npyBytes()
  }
  return 0
}
