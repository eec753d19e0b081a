internal import OcellusKernels
import TFLiteModel

/// QUANTIZE, bit-exact with TFLite's reference kernel: float32 to uint8, int8 or int16, and
/// requantization between integer types.
///
/// From float32: `q = round(x / scale) + zeroPoint` (float division, rounded half away from
/// zero, converted as x86-64 does: values outside the int32 range and NaN become `Int32.min`
/// before the zero point is added), clamped to the output type's range; per tensor, or per
/// channel along the output's quantized dimension.
///
/// Requantization (uint8/int8 to uint8/int8/int16, int16 to int8/int16/int32, int32 to
/// int8/int16): `q' = MultiplyByQuantizedMultiplier(q − z, scale / scale') + z'`, clamped, with
/// the multiplier computed in double from the two float scales. 8-bit inputs go through a
/// 256-entry table built at load; to an 8-bit output, that table runs as a
/// ``QuantizedLookupKernel`` (the kernel build's vector byte lookup).
///
/// The float path runs the kernel build's `affineQuantize` (eight values at a time, the same
/// integers) unless the reference build is chosen.
final class QuantizeKernel: Kernel {
  static let sourceFile = #filePath

  private let inputType, outputType: TensorType
  private let count: Int
  /// Float input: one scale and zero point per channel (a single one per tensor), each covering
  /// runs of `inner` elements, `scales.count` runs per outer step.
  private let scales: [Float]
  private let zeroPoints: [Int32]
  private let inner: Int
  /// Float input: the build's vector loop, or nil for the reference build's scalar one.
  private let vector: (@Sendable (AffineQuantizeOperands) -> Void)?
  /// Integer input: the multiplier and zero points.
  private let multiplier: QuantizedArithmetic.Multiplier
  private let inputZero, outputZero: Int32
  /// 8-bit input: the output value for every stored byte (as Int32), indexed by bit pattern.
  private let table: [Int32]
  private let lower, upper: Int32

  private init(
    inputType: TensorType, outputType: TensorType, count: Int, range: ClosedRange<Int32>,
    scales: [Float] = [], zeroPoints: [Int32] = [], inner: Int = 1,
    vector: (@Sendable (AffineQuantizeOperands) -> Void)? = nil,
    multiplier: QuantizedArithmetic.Multiplier = .init(multiplier: 0, shift: 0),
    inputZero: Int32 = 0, outputZero: Int32 = 0
  ) {
    self.inputType = inputType
    self.outputType = outputType
    self.count = count
    self.scales = scales
    self.zeroPoints = zeroPoints
    self.inner = inner
    self.vector = vector
    self.multiplier = multiplier
    self.inputZero = inputZero
    self.outputZero = outputZero
    lower = range.lowerBound
    upper = range.upperBound
    table =
      inputType == .uint8 || inputType == .int8
      ? Self.table(
        signed: inputType == .int8, multiplier: multiplier, inputZero: inputZero,
        outputZero: outputZero, range: range) : []
  }

  /// The requantized output value of every 8-bit input, indexed by the stored byte.
  private static func table(
    signed: Bool, multiplier: QuantizedArithmetic.Multiplier, inputZero: Int32,
    outputZero: Int32, range: ClosedRange<Int32>
  ) -> [Int32] {
    (0..<256).map { byte in
      let value = signed ? Int32(Int8(truncatingIfNeeded: byte)) : Int32(byte)
      return min(
        max(multiplier.apply(value - inputZero) &+ outputZero, range.lowerBound), range.upperBound)
    }
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.input(0)
    let output = node.outputs[0]
    let allowed: [TensorType: Set<TensorType>] = [
      .float32: [.uint8, .int8, .int16], .uint8: [.uint8, .int8, .int16],
      .int8: [.uint8, .int8, .int16], .int16: [.int8, .int16, .int32], .int32: [.int8, .int16],
    ]
    guard allowed[input.type]?.contains(output.type) == true else {
      throw node.unsupported("quantizing \(input.type) to \(output.type) is not supported")
    }
    guard let quantization = output.quantization, !quantization.scales.isEmpty else {
      throw node.unsupported("the output has no quantization parameters")
    }
    guard let range = PerTensorQuantization.range(of: output.type) else {
      throw node.unsupported("the output type \(output.type) is not an integer type")
    }
    try node.setOutputShape(0, input.shape)
    let count = input.elementCount

    if input.type == .float32 {
      let scales = quantization.scales
      guard scales.allSatisfy({ $0 > 0 && $0.isFinite }) else {
        throw node.unsupported("the output needs positive, finite quantization scales")
      }
      let zeroPoints =
        quantization.zeroPoints.isEmpty
        ? [Int64](repeating: 0, count: scales.count) : quantization.zeroPoints
      guard zeroPoints.allSatisfy({ Int64(range.lowerBound)...Int64(range.upperBound) ~= $0 })
      else {
        throw node.invalid("an output zero point lies outside the \(output.type) range")
      }
      var inner = 1
      if scales.count > 1 {
        let dimension = quantization.quantizedDimension
        guard dimension < input.shape.count, input.shape[dimension] == scales.count else {
          throw node.invalid(
            "\(scales.count) scales do not match dimension \(dimension) of shape \(input.shape)")
        }
        // Only an empty tensor can have dimension products that overflow; it needs no runs.
        inner = count == 0 ? 1 : input.shape[(dimension + 1)...].reduce(1, *)
      }
      return QuantizeKernel(
        inputType: input.type, outputType: output.type, count: count, range: range,
        scales: scales, zeroPoints: zeroPoints.map { Int32($0) }, inner: inner,
        vector: node.kernels.isReference ? nil : node.kernels.entry.affineQuantize)
    }

    let from = try PerTensorQuantization(input, "the input", node)
    let to = try PerTensorQuantization(output, "the output", node)
    try from.requireScale("the input", node)
    try to.requireScale("the output", node)
    if input.type == .int16 && output.type == .int16 && (from.zeroPoint != 0 || to.zeroPoint != 0) {
      throw node.unsupported("int16 to int16 requantization needs zero points of 0")
    }
    let multiplier = QuantizedArithmetic.Multiplier(Double(from.scale) / Double(to.scale))
    let eightBit: Set<TensorType> = [.uint8, .int8]
    if eightBit.contains(input.type) && eightBit.contains(output.type) {
      // The table on the kernel build's byte lookup.
      let table = Self.table(
        signed: input.type == .int8, multiplier: multiplier, inputZero: from.zeroPoint,
        outputZero: to.zeroPoint, range: range)
      return QuantizedLookupKernel(
        table: table.map { UInt8(truncatingIfNeeded: $0) }, count: count, kernels: node.kernels)
    }
    return QuantizeKernel(
      inputType: input.type, outputType: output.type, count: count, range: range,
      multiplier: multiplier, inputZero: from.zeroPoint, outputZero: to.zeroPoint)
  }

  func run(_ io: KernelIO) {
    switch outputType {
    case .uint8: run(io, UInt8.self)
    case .int8: run(io, Int8.self)
    case .int16: run(io, Int16.self)
    default: run(io, Int32.self)
    }
  }

  private func run<Output: FixedWidthInteger>(_ io: KernelIO, _: Output.Type) {
    let output = io.output(0, as: Output.self)
    switch inputType {
    case .float32: quantize(io.input(0, as: Float.self), output, io.pool)
    case .uint8, .int8: lookUp(io.input(0, as: UInt8.self), output, io.pool)
    case .int16: requantize(io.input(0, as: Int16.self), output, io.pool)
    default: requantize(io.input(0, as: Int32.self), output, io.pool)
    }
  }

  private func quantize<Output: FixedWidthInteger>(
    _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Output>, _ pool: ThreadPool
  ) {
    let (lower, upper, inner, channels) = (self.lower, self.upper, self.inner, scales.count)
    let vector = MemoryLayout<Output>.size <= 2 ? self.vector : nil
    scales.withUnsafeBufferPointer { scales in
      zeroPoints.withUnsafeBufferPointer { zeroPoints in
        pool.parallelFor(count, minimumChunk: 8192) { range in
          var index = range.lowerBound
          while index < range.upperBound {
            // One run of elements sharing a channel.
            let channel = channels == 1 ? 0 : (index / inner) % channels
            let end =
              channels == 1 ? range.upperBound : min(range.upperBound, (index / inner + 1) * inner)
            let (scale, zero) = (scales[channel], zeroPoints[channel])
            if let vector {
              vector(
                (
                  input + index, end - index, scale, zero, lower, upper,
                  UnsafeMutableRawPointer(output + index), MemoryLayout<Output>.size,
                  Output.isSigned
                ))
              index = end
              continue
            }
            for position in index..<end {
              let rounded = (input[position] / scale).rounded(.toNearestOrAwayFromZero)
              // static_cast<int32_t> on x86-64: out-of-range values and NaN become Int32.min.
              let integer =
                rounded >= -2_147_483_648 && rounded < 2_147_483_648 ? Int32(rounded) : .min
              output[position] = Output(truncatingIfNeeded: min(max(integer &+ zero, lower), upper))
            }
            index = end
          }
        }
      }
    }
  }

  private func lookUp<Output: FixedWidthInteger>(
    _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<Output>, _ pool: ThreadPool
  ) {
    table.withUnsafeBufferPointer { table in
      pool.parallelFor(count, minimumChunk: 16_384) { range in
        for index in range { output[index] = Output(truncatingIfNeeded: table[Int(input[index])]) }
      }
    }
  }

  private func requantize<Input: FixedWidthInteger, Output: FixedWidthInteger>(
    _ input: UnsafePointer<Input>, _ output: UnsafeMutablePointer<Output>, _ pool: ThreadPool
  ) {
    let (multiplier, inputZero, outputZero) = (self.multiplier, self.inputZero, self.outputZero)
    let (lower, upper) = (self.lower, self.upper)
    pool.parallelFor(count, minimumChunk: 8192) { range in
      for index in range {
        let value =
          multiplier.apply(Int32(truncatingIfNeeded: input[index]) &- inputZero) &+ outputZero
        output[index] = Output(truncatingIfNeeded: min(max(value, lower), upper))
      }
    }
  }
}
