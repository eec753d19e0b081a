internal import OcellusKernels

/// FULLY_CONNECTED on uint8 or int8 tensors (see ``ConvolutionQuantization``), bit-exact with
/// TFLite's reference kernels, which requantize in double:
/// `round(Double(acc) × inputScale × filterScale / outputScale)`.
///
/// Runs the integer GEMM on the float micro-kernel (``QuantizedKernels``) with weights packed
/// once at load as floats `weight − zeroPoint` and the input widened per run into scratch; the
/// reference build runs ``QuantizedConvolutionReference`` instead.
final class QuantizedFullyConnectedKernel: Kernel {
  private let rows: Int
  private let units: Int
  private let depth: Int
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let integer: QuantizedKernels
  private let table: RequantizationStorage
  private let hasBias: Bool
  private let biasIsConstant: Bool
  /// The weights packed at load; nil for the reference build or weights known only at run time.
  private let packed: PackedWeights?
  /// Products summed in float before each conversion to Int32.
  private let chunk: Int
  /// Floats of scratch: widened input, then (for run-time weights) widened and packed weights.
  private let inputFloats: Int
  private let weightFloats: Int
  let scratchBytes: Int

  /// Bytes of packed weights this kernel holds beyond the model.
  var packedWeightBytes: Int { packed?.byteCount ?? 0 }

  init(
    rows: Int, units: Int, depth: Int, quantization: ConvolutionQuantization, kernels: KernelSet,
    weights: ArraySlice<UInt8>?, bias: TensorDescription?
  ) {
    self.rows = rows
    self.units = units
    self.depth = depth
    self.quantization = quantization
    self.kernels = kernels
    integer = QuantizedKernels(kernels)
    hasBias = bias != nil
    let constantBias = bias?.constantValues(as: Int32.self)
    biasIsConstant = bias == nil || constantBias != nil
    table = RequantizationStorage(quantization, channels: units, bias: constantBias)
    chunk = quantization.chunk(filterBound: quantization.filterBound(weights))
    guard kernels.variant != .reference, rows > 0, units > 0 else {
      packed = nil
      inputFloats = 0
      weightFloats = 0
      scratchBytes = 0
      return
    }
    inputFloats = (rows * depth + 15) / 16 * 16
    if let weights {
      packed = PackedWeights(
        kernels: kernels, quantized: weights, signed: quantization.signed,
        zeroPoint: quantization.filterZeroPoint, columns: units, depth: depth)
      weightFloats = 0
    } else {
      packed = nil
      weightFloats =
        (units * depth + 15) / 16 * 16 + (kernels.packedCount(depth, units) + 15) / 16 * 16
    }
    scratchBytes = (inputFloats + weightFloats) * MemoryLayout<Float>.size
  }

  func run(_ io: KernelIO) {
    guard rows > 0, units > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    if kernels.variant == .reference {
      QuantizedConvolutionReference.fullyConnected(
        rows: rows, units: units, depth: depth, input: input,
        weights: io.input(1, as: UInt8.self), bias: hasBias ? io.input(2, as: Int32.self) : nil,
        quantization, output: output)
      return
    }
    guard let scratch = io.scratch else { return }
    if !biasIsConstant { table.setBias(io.input(2, as: Int32.self)) }
    let floats = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
    QuantizedSupport.widen(
      integer, input, count: rows * depth, signed: quantization.signed,
      zeroPoint: quantization.inputZeroPoint, into: floats, pool: io.pool)
    let weights: UnsafePointer<Float>
    if let packed {
      weights = packed.pointer
    } else {
      let widened = floats + inputFloats
      let packing = widened + (units * depth + 15) / 16 * 16
      integer.widen(
        io.input(1, as: UInt8.self), units * depth, quantization.signed,
        quantization.filterZeroPoint, widened)
      kernels.pack(widened, units, depth, depth, packing)
      weights = UnsafePointer(packing)
    }
    let operands: QuantizedGEMMOperands = (
      m: rows, n: units, k: depth, chunk: chunk, a: UnsafePointer(floats), lda: depth,
      packed: weights, panelStride: depth * kernels.columnTile, requantization: table.table,
      c: output, ldc: units
    )
    let multiply = integer.multiply
    GEMM.split(kernels: kernels, m: rows, n: units, k: depth, pool: io.pool) {
      multiply(operands, $0, $1)
    }
  }
}
