internal import OcellusKernels

/// CONV_2D on uint8 or int8 NHWC tensors (see ``ConvolutionQuantization`` for the parameters),
/// bit-exact with TFLite's reference kernels.
///
/// Runs the integer GEMM on the float micro-kernel (``QuantizedKernels``): the filter is packed
/// once at load as floats `weight − zeroPoint`; at run time the input is widened once to floats
/// `value − zeroPoint` in scratch, and rows of A are that buffer itself (1×1 stride-1) or
/// gathered through pointers into it, with border windows copied zero-padded (as the float
/// ``ConvolutionKernel`` does). Products are exact in float and sums are converted to Int32
/// every ``ConvolutionQuantization/chunk(filterBound:)`` steps, so the result is TFLite's
/// int32 accumulator exactly; requantization runs in integer arithmetic. The reference build
/// runs ``QuantizedConvolutionReference`` instead.
final class QuantizedConvolutionKernel: Kernel {
  private let geometry: ConvolutionGeometry
  private let outputChannels: Int
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let integer: QuantizedKernels
  private let table: RequantizationStorage
  /// Whether the model has a bias input, and whether it is known at load (then in `table`).
  private let hasBias: Bool
  private let biasIsConstant: Bool
  /// The filter packed at load; nil for the reference build or a filter known only at run time.
  private let packed: PackedWeights?
  /// Products summed in float before each conversion to Int32.
  private let chunk: Int
  /// Floats of scratch for the widened input (rounded up to 64 bytes).
  private let inputFloats: Int
  /// Floats of scratch for a filter widened and packed at run time (0 when packed at load).
  private let filterFloats: Int
  private let packedFloats: Int
  /// Output pixels per block of gathered rows (0 when the widened input is the A matrix).
  private let blockRows: Int
  /// Runs of A per output pixel: one per filter row, or per tap when the width is dilated.
  private let segments: Int
  /// Bytes of the block scratch for the row pointers (`blockRows × segments`).
  private let pointerBytes: Int
  let scratchBytes: Int

  /// Bytes of packed weights and tables this kernel holds beyond the model.
  var packedWeightBytes: Int { packed?.byteCount ?? 0 }

  init(
    geometry: ConvolutionGeometry, outputChannels: Int, quantization: ConvolutionQuantization,
    kernels: KernelSet, filter: ArraySlice<UInt8>?, bias: TensorDescription?
  ) {
    self.geometry = geometry
    self.outputChannels = outputChannels
    self.quantization = quantization
    self.kernels = kernels
    integer = QuantizedKernels(kernels)
    hasBias = bias != nil
    let constantBias = bias?.constantValues(as: Int32.self)
    biasIsConstant = bias == nil || constantBias != nil
    table = RequantizationStorage(quantization, channels: outputChannels, bias: constantBias)
    chunk = quantization.chunk(filterBound: quantization.filterBound(filter))
    let depth = geometry.filterHeight * geometry.filterWidth * geometry.inputChannels
    let rows = geometry.batch * geometry.outputPixels
    segments =
      geometry.dilationWidth == 1
      ? geometry.filterHeight : geometry.filterHeight * geometry.filterWidth
    guard kernels.variant != .reference, rows > 0, outputChannels > 0 else {
      packed = nil
      inputFloats = 0
      filterFloats = 0
      packedFloats = 0
      blockRows = 0
      pointerBytes = 0
      scratchBytes = 0
      return
    }
    if let filter {
      packed = PackedWeights(
        kernels: kernels, quantized: filter, signed: quantization.signed,
        zeroPoint: quantization.filterZeroPoint, columns: outputChannels, depth: depth)
      filterFloats = 0
      packedFloats = 0
    } else {
      packed = nil
      filterFloats = (outputChannels * depth + 15) / 16 * 16
      packedFloats = (kernels.packedCount(depth, outputChannels) + 15) / 16 * 16
    }
    inputFloats =
      (geometry.batch * geometry.inputHeight * geometry.inputWidth * geometry.inputChannels + 15)
      / 16 * 16
    if geometry.isPointwise {
      blockRows = 0
    } else {
      let tile = kernels.rowTile
      let perRow = depth + 2 * segments
      blockRows = min(rows, max(tile, GEMM.blockFloats / max(perRow, 1) / tile * tile))
    }
    pointerBytes = (blockRows * segments * MemoryLayout<UnsafePointer<Float>>.stride + 63) / 64 * 64
    scratchBytes =
      (inputFloats + filterFloats + packedFloats + blockRows * depth) * MemoryLayout<Float>.size
      + pointerBytes
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let rows = g.batch * g.outputPixels
    guard rows > 0, outputChannels > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    if kernels.variant == .reference {
      QuantizedConvolutionReference.convolution(
        g, outputChannels: outputChannels, input: input, filter: io.input(1, as: UInt8.self),
        bias: hasBias ? io.input(2, as: Int32.self) : nil, quantization, output: output)
      return
    }
    guard let scratch = io.scratch else { return }
    if !biasIsConstant { table.setBias(io.input(2, as: Int32.self)) }
    let depth = g.filterHeight * g.filterWidth * g.inputChannels
    let floats = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
    // The input as integer-valued floats.
    let widened = floats
    QuantizedSupport.widen(
      integer, input, count: g.batch * g.inputHeight * g.inputWidth * g.inputChannels,
      signed: quantization.signed, zeroPoint: quantization.inputZeroPoint, into: widened,
      pool: io.pool)
    let weights: UnsafePointer<Float>
    if let packed {
      weights = packed.pointer
    } else {
      let filter = floats + inputFloats
      let packing = filter + filterFloats
      integer.widen(
        io.input(1, as: UInt8.self), outputChannels * depth, quantization.signed,
        quantization.filterZeroPoint, filter)
      kernels.pack(filter, outputChannels, depth, depth, packing)
      weights = UnsafePointer(packing)
    }
    let requantization = table.table
    guard blockRows > 0 else {
      // 1×1, stride 1: the widened input rows are A.
      let operands: QuantizedGEMMOperands = (
        m: rows, n: outputChannels, k: depth, chunk: chunk, a: UnsafePointer(widened), lda: depth,
        packed: weights, panelStride: depth * kernels.columnTile,
        requantization: requantization, c: output, ldc: outputChannels
      )
      let multiply = integer.multiply
      GEMM.split(kernels: kernels, m: rows, n: outputChannels, k: depth, pool: io.pool) {
        multiply(operands, $0, $1)
      }
      return
    }
    let blockScratch = scratch + (inputFloats + filterFloats + packedFloats) * 4
    let pointers = blockScratch.bindMemory(
      to: UnsafePointer<Float>.self, capacity: blockRows * segments)
    let patches = (blockScratch + pointerBytes).bindMemory(
      to: Float.self, capacity: blockRows * depth)
    let segments = self.segments
    let multiply = integer.multiplyIndirect
    let tile = kernels.rowTile
    let panels = kernels.panelCount(outputChannels)
    let tileWork = tile * depth * outputChannels
    let source = UnsafePointer(widened)
    var start = 0
    while start < rows {
      let count = min(blockRows, rows - start)
      let first = start
      let operands: QuantizedIndirectGEMMOperands = (
        m: count, n: outputChannels, segments: segments,
        segmentLength: depth / max(segments, 1), chunk: chunk, rows: UnsafePointer(pointers),
        packed: weights, panelStride: depth * kernels.columnTile,
        requantization: requantization, c: output + start * outputChannels, ldc: outputChannels
      )
      io.pool.parallelFor(
        (count + tile - 1) / tile, minimumChunk: max(1, GEMM.minimumChunkWork / max(tileWork, 1))
      ) { tiles in
        let part = tiles.lowerBound * tile..<min(count, tiles.upperBound * tile)
        ConvolutionKernel.gather(
          g, input: source, rows: first + part.lowerBound..<first + part.upperBound,
          segments: segments, pointers: pointers + part.lowerBound * segments,
          patches: patches + part.lowerBound * depth)
        multiply(operands, part, 0..<panels)
      }
      start += count
    }
  }
}
