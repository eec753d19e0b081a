import TFLiteModel

/// DEQUANTIZE to float32 from float16 (exact), or from uint8/int8/int16 with
/// `real = scale · (q - zero_point)`: per tensor (any of the three), or per channel along the
/// tensor's quantized dimension (uint8/int8, as TFLite).
///
/// Per-tensor results equal TFLite's (a double product rounded once to float); 8-bit inputs go
/// through a 256-entry table computed at load.
struct DequantizeKernel: Kernel {
  static let sourceFile = #filePath

  /// How the elements are turned into floats.
  private enum Method {
    case half
    /// uint8/int8 per tensor: output = table[byte] (the byte read as unsigned).
    case table([Float])
    /// int16 per tensor.
    case int16(scale: Double, zeroPoint: Int)
    /// uint8/int8 per channel: channel c covers runs of `inner` elements, `channels` runs per
    /// outer step.
    case perChannel(signed: Bool, scales: [Float], zeroPoints: [Int], inner: Int)
  }

  private let method: Method
  private let count: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.input(0)
    guard node.outputs[0].type == .float32 else {
      throw node.unsupported("the output has type \(node.outputs[0].type), not float32")
    }
    try node.setOutputShape(0, input.shape)
    let count = input.elementCount
    switch input.type {
    case .float16:
      return DequantizeKernel(method: .half, count: count)
    case .uint8, .int8, .int16:
      break
    default:
      throw node.unsupported(
        "\(input.type) is not supported (float16, uint8, int8 and int16 are)")
    }
    guard let quantization = input.quantization, !quantization.scales.isEmpty else {
      throw node.invalid("the \(input.type) input has no quantization scale")
    }
    let zeroPoints =
      quantization.zeroPoints.isEmpty
      ? [Int64](repeating: 0, count: quantization.scales.count) : quantization.zeroPoints
    guard zeroPoints.allSatisfy({ Int64(Int32.min)...Int64(Int32.max) ~= $0 }) else {
      throw node.invalid("a zero point does not fit in 32 bits")
    }
    guard quantization.scales.allSatisfy(\.isFinite) else {
      throw node.invalid("a quantization scale is not finite")
    }
    if quantization.scales.count > 1 {
      guard input.type != .int16 else {
        throw node.unsupported("per-channel dequantization of int16 is not supported")
      }
      let dimension = quantization.quantizedDimension
      guard dimension < input.shape.count, input.shape[dimension] == quantization.scales.count
      else {
        throw node.invalid(
          "\(quantization.scales.count) scales do not match dimension \(dimension) of shape \(input.shape)"
        )
      }
      // Only an empty tensor can have dimension products that overflow; it needs no runs.
      let inner = count == 0 ? 0 : input.shape[(dimension + 1)...].reduce(1, *)
      return DequantizeKernel(
        method: .perChannel(
          signed: input.type == .int8, scales: quantization.scales,
          zeroPoints: zeroPoints.map { Int($0) }, inner: inner),
        count: count)
    }
    let scale = Double(quantization.scales[0])
    let zeroPoint = Int(zeroPoints[0])
    switch input.type {
    case .int16:
      return DequantizeKernel(method: .int16(scale: scale, zeroPoint: zeroPoint), count: count)
    default:
      let signed = input.type == .int8
      let table = (0..<256).map { byte -> Float in
        let q = signed ? Int(Int8(truncatingIfNeeded: byte)) : byte
        return Float(scale * Double(q - zeroPoint))
      }
      return DequantizeKernel(method: .table(table), count: count)
    }
  }

  func run(_ io: KernelIO) {
    let output = io.output(0, as: Float.self)
    let count = self.count
    switch method {
    case .half:
      let input = io.input(0, as: UInt16.self)
      io.pool.parallelFor(count, minimumChunk: 16_384) { range in
        for i in range { output[i] = HalfFloat.float(fromBits: UInt16(littleEndian: input[i])) }
      }
    case .table(let table):
      let input = io.input(0, as: UInt8.self)
      table.withUnsafeBufferPointer { table in
        io.pool.parallelFor(count, minimumChunk: 16_384) { range in
          for i in range { output[i] = table[Int(input[i])] }
        }
      }
    case .int16(let scale, let zeroPoint):
      let input = io.input(0, as: Int16.self)
      io.pool.parallelFor(count, minimumChunk: 16_384) { range in
        for i in range {
          output[i] = Float(scale * Double(Int(Int16(littleEndian: input[i])) - zeroPoint))
        }
      }
    case .perChannel(let signed, let scales, let zeroPoints, let inner):
      let input = io.input(0, as: UInt8.self)
      let channels = scales.count
      let runs = inner == 0 ? 0 : count / inner
      io.pool.parallelFor(runs, minimumChunk: max(1, 16_384 / max(inner, 1))) { range in
        for run in range {
          let channel = run % channels
          let scale = scales[channel]
          let zeroPoint = zeroPoints[channel]
          for i in run * inner..<(run + 1) * inner {
            let q = signed ? Int(Int8(bitPattern: input[i])) : Int(input[i])
            output[i] = scale * Float(q - zeroPoint)
          }
        }
      }
    }
  }
}
