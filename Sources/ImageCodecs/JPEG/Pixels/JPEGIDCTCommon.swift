/// The array form of a block transform, shared by the accurate integer ("islow") inverse DCTs
/// (``JPEGIDCTReference``, ``JPEGIDCTPortable`` and the kernel builds through
/// ``JPEGKernelSet``); their constants are `OcellusKernels.JPEGIDCTConstants`.
enum JPEGIDCTCommon {
  /// Runs a pointer-based block transform on one block given as arrays: `coefficients` and
  /// `quantization` hold 64 values in natural (row-major) order (missing entries count as 0);
  /// returns 64 samples, row-major, 0...255. `transform` receives the coefficients, the
  /// quantizers as 16-bit patterns, the output and the output's row stride (8).
  static func transform(
    _ coefficients: [Int16], quantization: [UInt16],
    with transform: (
      UnsafePointer<Int16>, UnsafePointer<Int16>, UnsafeMutablePointer<UInt8>, Int
    ) -> Void
  ) -> [UInt8] {
    var coef = [Int16](repeating: 0, count: 64)
    var quant = [Int16](repeating: 0, count: 64)
    for i in 0..<min(64, coefficients.count) { coef[i] = coefficients[i] }
    for i in 0..<min(64, quantization.count) { quant[i] = Int16(bitPattern: quantization[i]) }
    var output = [UInt8](repeating: 0, count: 64)
    coef.withUnsafeBufferPointer { c in
      quant.withUnsafeBufferPointer { q in
        output.withUnsafeMutableBufferPointer { o in
          transform(c.baseAddress!, q.baseAddress!, o.baseAddress!, 8)
        }
      }
    }
    return output
  }
}
