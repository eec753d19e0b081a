internal import OcellusKernels

/// DEPTHWISE_CONV_2D on uint8 or int8 NHWC tensors (see ``ConvolutionQuantization``),
/// bit-exact with TFLite's reference kernels.
///
/// Runs on the float depthwise kernel: the filter is widened once at load to floats
/// `weight − zeroPoint`, the input once per run to `value − zeroPoint` in scratch; each
/// output's `KH × KW` products sum exactly in float, and the sums are requantized in integer
/// arithmetic as each run of pixels is finished (``QuantizedKernels``). When a filter has more
/// taps than can sum exactly, or on the reference build, ``QuantizedConvolutionReference`` runs.
final class QuantizedDepthwiseConvolutionKernel: Kernel {
  private let geometry: ConvolutionGeometry
  private let multiplier: Int
  private let quantization: ConvolutionQuantization
  private let kernels: KernelSet
  private let integer: QuantizedKernels
  private let table: RequantizationStorage
  private let hasBias: Bool
  private let biasIsConstant: Bool
  /// The widened filter (`KH × KW × channels` floats), or nil when widened at run time or when
  /// the integer loops run.
  private let filter: UnsafeMutablePointer<Float>?
  /// `channels` copies of `Requantization.magic`: the float kernel's bias.
  private let magic: UnsafeMutablePointer<Float>
  /// True when the plain integer loops run (reference build, or too many taps to sum exactly).
  private let usesIntegerLoops: Bool
  /// Floats of scratch for the widened input (rounded up to 64 bytes).
  private let inputFloats: Int
  let scratchBytes: Int

  init(
    geometry: ConvolutionGeometry, multiplier: Int, quantization: ConvolutionQuantization,
    kernels: KernelSet, filter constant: ArraySlice<UInt8>?, bias: TensorDescription?
  ) {
    self.geometry = geometry
    self.multiplier = multiplier
    self.quantization = quantization
    self.kernels = kernels
    integer = QuantizedKernels(kernels)
    let channels = geometry.inputChannels * multiplier
    hasBias = bias != nil
    let constantBias = bias?.constantValues(as: Int32.self)
    biasIsConstant = bias == nil || constantBias != nil
    table = RequantizationStorage(quantization, channels: channels, bias: constantBias)
    magic = .allocate(capacity: max(channels, 1))
    magic.initialize(repeating: Requantization.magic, count: max(channels, 1))
    let taps = geometry.filterHeight * geometry.filterWidth
    let chunk = quantization.chunk(filterBound: quantization.filterBound(constant))
    usesIntegerLoops = kernels.variant == .reference || taps > chunk
    let filterCount = taps * channels
    if !usesIntegerLoops, let constant, constant.count >= filterCount, filterCount > 0 {
      let widened = UnsafeMutablePointer<Float>.allocate(capacity: filterCount)
      var index = 0
      for byte in constant.prefix(filterCount) {
        let value = quantization.signed ? Int32(Int8(bitPattern: byte)) : Int32(byte)
        widened[index] = Float(value - quantization.filterZeroPoint)
        index += 1
      }
      filter = widened
    } else {
      filter = nil
    }
    inputFloats =
      usesIntegerLoops
      ? 0
      : (geometry.batch * geometry.inputHeight * geometry.inputWidth * geometry.inputChannels + 15)
        / 16 * 16
    let filterScratch = usesIntegerLoops || filter != nil ? 0 : (filterCount + 15) / 16 * 16
    scratchBytes = (inputFloats + filterScratch) * MemoryLayout<Float>.size
  }

  deinit {
    filter?.deallocate()
    magic.deallocate()
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let channels = g.inputChannels * multiplier
    let rows = g.batch * g.outputHeight
    guard rows > 0, g.outputWidth > 0, channels > 0 else { return }
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    if usesIntegerLoops {
      QuantizedConvolutionReference.depthwise(
        g, multiplier: multiplier, input: input, filter: io.input(1, as: UInt8.self),
        bias: hasBias ? io.input(2, as: Int32.self) : nil, quantization, output: output)
      return
    }
    guard let scratch = io.scratch else { return }
    if !biasIsConstant { table.setBias(io.input(2, as: Int32.self)) }
    let floats = scratch.bindMemory(to: Float.self, capacity: scratchBytes / 4)
    QuantizedSupport.widen(
      integer, input, count: g.batch * g.inputHeight * g.inputWidth * g.inputChannels,
      signed: quantization.signed, zeroPoint: quantization.inputZeroPoint, into: floats,
      pool: io.pool)
    let weights: UnsafePointer<Float>
    if let filter {
      weights = UnsafePointer(filter)
    } else {
      let widened = floats + inputFloats
      integer.widen(
        io.input(1, as: UInt8.self), g.filterHeight * g.filterWidth * channels,
        quantization.signed, quantization.filterZeroPoint, widened)
      weights = UnsafePointer(widened)
    }
    let operands: QuantizedDepthwiseOperands = (
      input: UnsafePointer(floats), inputHeight: g.inputHeight, inputWidth: g.inputWidth,
      inputChannels: g.inputChannels, filter: weights, filterHeight: g.filterHeight,
      filterWidth: g.filterWidth, multiplier: multiplier, magic: UnsafePointer(magic),
      outputHeight: g.outputHeight, outputWidth: g.outputWidth, strideHeight: g.strideHeight,
      strideWidth: g.strideWidth, dilationHeight: g.dilationHeight,
      dilationWidth: g.dilationWidth, padTop: g.padTop, padLeft: g.padLeft,
      requantization: table.table, output: output
    )
    let rowWork = g.outputWidth * channels * g.filterHeight * g.filterWidth
    let depthwise = integer.depthwise
    io.pool.parallelFor(rows, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))) {
      depthwise(operands, $0)
    }
  }
}
