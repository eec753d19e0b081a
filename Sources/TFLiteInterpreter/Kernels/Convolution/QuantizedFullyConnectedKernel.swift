internal import OcellusKernels
import TFLiteModel

/// FULLY_CONNECTED on uint8 or int8 tensors (see ``ConvolutionQuantization``), bit-exact with
/// TFLite's reference kernels, which requantize in double:
/// `round(Double(acc) × inputScale × filterScale / outputScale)`.
///
/// Runs the integer GEMM on the float micro-kernel (``KernelSet``'s quantized entry points)
/// with weights packed once at load as floats `weight − zeroPoint` and the input widened per
/// run into scratch; the reference build runs ``QuantizedConvolutionReference`` instead.
final class QuantizedFullyConnectedKernel: Kernel {
  static let sourceFile = #filePath
  private let shape: FullyConnectedKernel.Shape
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let table: RequantizationStorage
  /// The weights in GEMM panels; nil for the reference build or an empty output.
  private let weights: PackedWeights?
  /// Products summed in float before each conversion to Int32.
  private let chunk: Int
  /// Floats of scratch for the widened input (before the weights' scratch).
  private let inputFloats: Int
  let scratchBytes: Int

  init(
    _ shape: FullyConnectedKernel.Shape, quantization: ConvolutionQuantization,
    kernels: KernelSet, weights: ModelBytes?, bias: TensorDescription?
  ) {
    self.shape = shape
    self.quantization = quantization
    self.kernels = kernels
    table = RequantizationStorage(quantization, channels: shape.units, bias: bias)
    chunk = quantization.chunk(filterBound: quantization.filterBound(weights))
    guard !kernels.isReference, shape.rows > 0, shape.units > 0 else {
      self.weights = nil
      inputFloats = 0
      scratchBytes = 0
      return
    }
    inputFloats = PackedWeights.rounded(shape.rows * shape.depth)
    let packed = PackedWeights(
      kernels: kernels, constant: weights, columns: shape.units, depth: shape.depth,
      widening: quantization.filterWidening)
    self.weights = packed
    scratchBytes = (inputFloats + packed.scratchFloats) * MemoryLayout<Float>.size
  }

  func run(_ io: KernelIO) {
    let (rows, units, depth) = (shape.rows, shape.units, shape.depth)
    guard rows > 0, units > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    guard let weights else {
      QuantizedConvolutionReference.fullyConnected(
        rows: rows, units: units, depth: depth, input: input,
        weights: io.input(1, as: UInt8.self), bias: table.biasInput(io), quantization,
        output: output)
      return
    }
    guard let scratch = io.scratch else { return }
    let requantization = table.table(io)
    let floats = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
    quantization.widenInput(
      input, count: rows * depth, into: floats, kernels: kernels, pool: io.pool)
    let operands: QuantizedGEMMOperands = (
      m: rows, n: units, k: depth, chunk: chunk, a: UnsafePointer(floats), lda: depth,
      packed: weights.panels(io, scratch: floats + inputFloats), format: weights.format,
      panelStride: depth * kernels.columnTile, requantization: requantization, c: output,
      ldc: units
    )
    let multiply = kernels.entry.quantizedMultiply
    GEMM.split(kernels: kernels, m: rows, n: units, k: depth, outputBytes: 1, pool: io.pool) {
      multiply(operands, $0, $1)
    }
  }
}
