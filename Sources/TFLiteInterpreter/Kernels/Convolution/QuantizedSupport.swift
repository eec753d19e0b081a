import TFLiteModel

/// Helpers shared by the quantized CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED kernels.
enum QuantizedSupport {
  /// Elements widened per work item (64 KiB of floats).
  static let widenChunk = 1 << 14

  /// True when a node with this input and filter takes the quantized (uint8/int8) path, false
  /// for the float path (which checks its own types). Throws for the quantized combinations
  /// this interpreter does not run: hybrid (float input, quantized filter) and int16
  /// activations.
  static func isQuantized(input: TensorDescription, filter: TensorDescription, node: NodeContext)
    throws(InterpreterError) -> Bool
  {
    switch input.type {
    case .uint8, .int8:
      return true
    case .int16:
      throw node.unsupported(
        "int16 activations (16x8 quantization) are not supported; only uint8 and int8 are")
    case .float32:
      if [.uint8, .int8, .int4, .int2, .int16].contains(filter.type) {
        throw node.unsupported(
          "hybrid quantization (float32 input with a \(filter.type) filter, dequantized at run time) is not supported; dequantize the filter or quantize the model fully"
        )
      }
      return false
    default:
      return false
    }
  }

  /// Widens `count` bytes (int8 when `signed`) to the floats `value − zeroPoint`, in parallel.
  static func widen(
    _ integer: QuantizedKernels, _ source: UnsafePointer<UInt8>, count: Int, signed: Bool,
    zeroPoint: Int32, into destination: UnsafeMutablePointer<Float>, pool: ThreadPool
  ) {
    guard count > 0 else { return }
    let widen = integer.widen
    let pieces = (count + widenChunk - 1) / widenChunk
    pool.parallelFor(pieces, minimumChunk: 4) { range in
      let first = range.lowerBound * widenChunk
      let end = min(count, range.upperBound * widenChunk)
      widen(source + first, end - first, signed, zeroPoint, destination + first)
    }
  }
}
