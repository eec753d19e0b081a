internal import OcellusKernels
import TFLiteModel

/// DEPTHWISE_CONV_2D on uint8 or int8 NHWC tensors (see ``ConvolutionQuantization``),
/// bit-exact with TFLite's reference kernels.
///
/// Runs on the float depthwise kernel: the filter is widened once at load to floats
/// `weight − zeroPoint`, the input block by block of output rows (``DepthwiseSlabs``) to
/// `value − zeroPoint` in scratch just before the block reads it (for 3×3 filters with zeros
/// where the filter reaches the padding); each output's `KH × KW` products sum exactly in float, and the sums
/// are requantized in integer arithmetic as each run of pixels is finished (``KernelSet``'s
/// quantized depthwise entry point). When a filter has more taps than can sum exactly, or on
/// the reference build, ``QuantizedConvolutionReference`` runs.
final class QuantizedDepthwiseConvolutionKernel: Kernel {
  static let sourceFile = #filePath
  private let geometry: ConvolutionGeometry
  private let multiplier: Int
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let table: RequantizationStorage
  /// The widened filter (`KH × KW × channels` floats), or nil when widened at run time or when
  /// the integer loops run.
  private let filter: UnsafeMutablePointer<Float>?
  /// `channels` copies of `Requantization.magic`: the float kernel's bias.
  private let magic: UnsafeMutablePointer<Float>
  /// True when the plain integer loops run (reference build, or too many taps to sum exactly).
  private let usesIntegerLoops: Bool
  /// The blocks of output rows and their slabs of widened input rows.
  private let slabs: DepthwiseSlabs
  /// The widened filter when it is not constant.
  let scratchBytes: Int
  /// One slab of widened input rows per thread.
  let threadScratchBytes: Int

  init(
    geometry: ConvolutionGeometry, multiplier: Int, quantization: ConvolutionQuantization,
    kernels: KernelSet, threads: Int, filter constant: ModelBytes?,
    bias: TensorDescription?
  ) {
    self.geometry = geometry
    self.multiplier = multiplier
    self.quantization = quantization
    self.kernels = kernels
    let channels = geometry.inputChannels * multiplier
    table = RequantizationStorage(quantization, channels: channels, bias: bias)
    magic = .allocate(capacity: max(channels, 1))
    magic.initialize(repeating: Requantization.magic, count: max(channels, 1))
    let taps = geometry.filterHeight * geometry.filterWidth
    let chunk = quantization.chunk(filterBound: quantization.filterBound(constant))
    usesIntegerLoops = kernels.isReference || taps > chunk
    let filterCount = taps * channels
    if !usesIntegerLoops, let constant, constant.count >= filterCount, filterCount > 0 {
      let widened = UnsafeMutablePointer<Float>.allocate(capacity: filterCount)
      PackedWeights.widen(
        constant, count: filterCount, quantization.filterWidening, kernels: kernels,
        into: widened)
      filter = widened
    } else {
      filter = nil
    }
    // Padded slabs put every pixel on the 3×3 row kernel; for larger filters the padding
    // would add too many products (half again for 5×5 at 7×7).
    let padded = multiplier == 1 && geometry.filterHeight == 3 && geometry.filterWidth == 3
    slabs = DepthwiseSlabs(geometry, threads: threads, padded: padded)
    let size = MemoryLayout<Float>.size
    threadScratchBytes = usesIntegerLoops ? 0 : slabs.slabFloats * size
    scratchBytes = usesIntegerLoops || filter != nil ? 0 : filterCount * size
  }

  deinit {
    filter?.deallocate()
    magic.deallocate()
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let channels = g.inputChannels * multiplier
    guard g.batch * g.outputHeight > 0, g.outputWidth > 0, channels > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    if usesIntegerLoops {
      QuantizedConvolutionReference.depthwise(
        g, multiplier: multiplier, input: input, filter: io.input(1, as: UInt8.self),
        bias: table.biasInput(io), quantization, output: output)
      return
    }
    let requantization = table.table(io)
    let weights: UnsafePointer<Float>
    if let filter {
      weights = UnsafePointer(filter)
    } else {
      guard let scratch = io.scratch else { return }
      let widened = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
      kernels.entry.widen(
        io.input(1, as: UInt8.self), g.filterHeight * g.filterWidth * channels,
        quantization.signed, quantization.filterZeroPoint, widened)
      weights = UnsafePointer(widened)
    }
    let (slabs, kernels, quantization, magic) = (slabs, kernels, quantization, magic)
    let rowWork = g.outputWidth * channels * g.filterHeight * g.filterWidth * slabs.blockRows
    io.pool.parallelFor(
      slabs.count, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))
    ) { range, thread in
      guard let own = io.threadScratch(thread) else { return }
      let slab = own.bindMemory(to: Float.self, capacity: slabs.slabFloats)
      for index in range {
        let block = slabs.block(index)
        Self.fill(slab, slabs, block.inputRows, image: block.image, input, kernels, quantization)
        // The block as a convolution of its own: the slab is its image, from its first row
        // (and, padded, from the first column the taps read).
        let operands: QuantizedDepthwiseOperands = (
          input: UnsafePointer(slab), inputHeight: block.inputRows.count,
          inputWidth: slabs.slabWidth, inputChannels: g.inputChannels, filter: weights,
          filterHeight: g.filterHeight, filterWidth: g.filterWidth, multiplier: multiplier,
          magic: UnsafePointer(magic), outputHeight: block.rows, outputWidth: g.outputWidth,
          strideHeight: g.strideHeight, strideWidth: g.strideWidth,
          dilationHeight: g.dilationHeight, dilationWidth: g.dilationWidth,
          padTop: g.padTop + block.inputRows.lowerBound - block.firstRow * g.strideHeight,
          padLeft: g.padLeft - slabs.padLeft, requantization: requantization,
          output: output + ((block.image * g.outputHeight + block.firstRow) * g.outputWidth)
            * channels
        )
        kernels.entry.quantizedDepthwise(operands, 0..<block.rows)
      }
    }
  }

  /// Writes rows `rows` of image `image` of `input`, widened to `value − zeroPoint`, to
  /// `slab`: ``DepthwiseSlabs/slabWidth`` pixels a row, zeros outside the image.
  private static func fill(
    _ slab: UnsafeMutablePointer<Float>, _ slabs: DepthwiseSlabs, _ rows: Range<Int>, image: Int,
    _ input: UnsafePointer<UInt8>, _ kernels: KernelSet, _ quantization: ConvolutionQuantization
  ) {
    let g = slabs.g
    let channels = g.inputChannels
    let (rowElements, slabRowFloats) = (g.inputWidth * channels, slabs.slabWidth * channels)
    let before = slabs.padLeft * channels
    let after = slabRowFloats - before - rowElements
    var row = slab
    for y in rows {
      if (0..<g.inputHeight).contains(y) {
        row.update(repeating: 0, count: before)
        kernels.entry.widen(
          input + (image * g.inputHeight + y) * rowElements, rowElements, quantization.signed,
          quantization.inputZeroPoint, row + before)
        (row + before + rowElements).update(repeating: 0, count: after)
      } else {
        row.update(repeating: 0, count: slabRowFloats)
      }
      row += slabRowFloats
    }
  }
}
