internal import OcellusKernels
import TFLiteModel

/// CONV_2D on uint8 or int8 NHWC tensors (see ``ConvolutionQuantization`` for the parameters),
/// bit-exact with TFLite's reference kernels.
///
/// Runs the integer GEMM on the float micro-kernel (``KernelSet``'s quantized entry points):
/// the filter is packed once at load as floats `weight − zeroPoint`; at run time each thread
/// widens the input rows of each block of output pixels to floats `value − zeroPoint` in its
/// own scratch, and rows of A come from there as ``ConvolutionRows`` plans, as for the float
/// ``ConvolutionKernel``. Products are exact in float and sums are converted to Int32 every
/// ``ConvolutionQuantization/chunk(filterBound:)`` steps, so the result is TFLite's int32
/// accumulator exactly; requantization runs in integer arithmetic. The reference build runs
/// ``QuantizedConvolutionReference`` instead.
///
/// On the builds with a fast int8 GEMM (VNNI's 8-bit dot products, the 16-bit pairs of the AVX2
/// and AVX-512 builds), convolutions with constant weights (int8 of zero point 0, or uint8) run
/// on it instead (``Int8Convolution``), on the input bytes as they are (or their patches), the
/// weights packed once at load.
final class QuantizedConvolutionKernel: Kernel {
  static let sourceFile = #filePath
  private let geometry: ConvolutionGeometry
  private let outputChannels: Int
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let table: RequantizationStorage
  /// The filter in GEMM panels; nil for the reference build or an empty output.
  private let weights: PackedWeights?
  private let rows: ConvolutionRows
  /// Products summed in float before each conversion to Int32.
  private let chunk: Int
  /// Floats of scratch for the widened input of 1×1 stride-1 convolutions: one GEMM row block
  /// per thread (the other convolutions widen into ``ConvolutionRows``' block scratch).
  private let inputFloats: Int
  /// Floats of one thread's widened row block in a 1×1 stride-1 convolution.
  private let directBlockFloats: Int
  /// The 8-bit dot-product path, when it applies (see the type's documentation).
  private let dotProducts: Int8Convolution?
  let scratchBytes: Int

  init(
    geometry: ConvolutionGeometry, outputChannels: Int, quantization: ConvolutionQuantization,
    kernels: KernelSet, threads: Int, filter: ModelBytes?, bias: TensorDescription?
  ) {
    self.geometry = geometry
    self.outputChannels = outputChannels
    self.quantization = quantization
    self.kernels = kernels
    rows = ConvolutionRows(geometry, kernels: kernels, threads: threads, windows: true)
    dotProducts = Int8Convolution(
      kernels: kernels, quantization: quantization, filter: filter, bias: bias,
      columns: outputChannels, depth: rows.depth, geometry: geometry, direct: rows.isDirect)
    // Only the float path sums in chunks (the dot products are exact in Int32).
    chunk =
      dotProducts == nil ? quantization.chunk(filterBound: quantization.filterBound(filter)) : 1
    table = RequantizationStorage(
      quantization, channels: outputChannels, bias: bias,
      biasAdjustment: dotProducts?.biasAdjustment)
    guard !kernels.isReference, dotProducts == nil,
      geometry.batch * geometry.outputPixels > 0, outputChannels > 0
    else {
      weights = nil
      inputFloats = 0
      directBlockFloats = 0
      scratchBytes = 0
      return
    }
    let packed = PackedWeights(
      kernels: kernels, constant: filter, columns: outputChannels, depth: rows.depth,
      widening: quantization.filterWidening)
    weights = packed
    directBlockFloats = PackedWeights.rounded(
      min(
        geometry.inputElements, GEMM.maximumBlockRows(kernels: kernels, k: rows.depth) * rows.depth)
    )
    inputFloats = rows.isDirect ? directBlockFloats * max(threads, 1) : 0
    scratchBytes =
      (inputFloats + packed.scratchFloats) * MemoryLayout<Float>.size + rows.scratchBytes
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let rowCount = g.batch * g.outputPixels
    guard rowCount > 0, outputChannels > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    if let dotProducts {
      dotProducts.run(
        input: input, rows: rowCount, output: output, table.table(io), kernels: kernels,
        pool: io.pool)
      return
    }
    guard let weights else {
      QuantizedConvolutionReference.convolution(
        g, outputChannels: outputChannels, input: input, filter: io.input(1, as: UInt8.self),
        bias: table.biasInput(io), quantization, output: output)
      return
    }
    guard let scratch = io.scratch else { return }
    let requantization = table.table(io)
    let floats = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
    // The widened input, then the weights' scratch, then the block scratch.
    let packed = weights.panels(io, scratch: floats + inputFloats)
    if rows.isDirect {
      multiplyDirect(input, rowCount, packed, requantization, floats, output, io.pool)
      return
    }
    let (depth, columns, chunk) = (rows.depth, outputChannels, chunk)
    let panelStride = depth * kernels.columnTile
    let blockScratch = scratch + (inputFloats + weights.scratchFloats) * 4
    let (multiply, panels) = (
      kernels.entry.quantizedMultiplyIndirect, kernels.entry.panelCount(columns)
    )
    let (segments, length, format) = (rows.segments, rows.segmentLength, weights.format)
    let (widen, signed, zeroPoint) = (
      kernels.entry.widen, quantization.signed, quantization.inputZeroPoint
    )
    let rowElements = g.inputWidth * g.inputChannels
    let imageElements = g.inputHeight * rowElements
    rows.forEachWindowedBlock(
      prepare: { image, inputRows, window in
        let first = input + image * imageElements + inputRows.lowerBound * rowElements
        widen(first, inputRows.count * rowElements, signed, zeroPoint, window)
      }, scratch: blockScratch, outputChannels: columns, kernels: kernels, pool: io.pool
    ) { start, count, table, part in
      let operands: QuantizedIndirectGEMMOperands = (
        m: count, n: columns, segments: segments, segmentLength: length, chunk: chunk,
        rows: table, packed: packed, format: format, panelStride: panelStride,
        requantization: requantization,
        c: output + start * columns, ldc: columns
      )
      multiply(operands, part, 0..<panels)
    }
  }

  /// A 1×1 stride-1 convolution: the input rows are A, widened block by block into the
  /// scratch of the thread that multiplies the block (so they are still in cache).
  private func multiplyDirect(
    _ input: UnsafePointer<UInt8>, _ rowCount: Int, _ packed: UnsafeRawPointer,
    _ requantization: RequantizationTable, _ scratch: UnsafeMutablePointer<Float>,
    _ output: UnsafeMutablePointer<UInt8>, _ pool: ThreadPool
  ) {
    let (depth, columns, chunk, kernels) = (rows.depth, outputChannels, chunk, kernels)
    let (perThread, format) = (directBlockFloats, weights?.format ?? .float)
    let (multiply, widen) = (kernels.entry.quantizedMultiply, kernels.entry.widen)
    let (signed, zeroPoint) = (quantization.signed, quantization.inputZeroPoint)
    GEMM.split(kernels: kernels, m: rowCount, n: columns, k: depth, outputBytes: 1, pool: pool) {
      rows, panels, thread in
      let a = scratch + thread * perThread
      widen(input + rows.lowerBound * depth, rows.count * depth, signed, zeroPoint, a)
      let operands: QuantizedGEMMOperands = (
        m: rows.count, n: columns, k: depth, chunk: chunk, a: UnsafePointer(a), lda: depth,
        packed: packed, format: format, panelStride: depth * kernels.columnTile,
        requantization: requantization,
        c: output + rows.lowerBound * columns, ldc: columns
      )
      multiply(operands, 0..<rows.count, panels)
    }
  }
}
