internal import OcellusKernels
import TFLiteModel

/// CONV_2D on float32 NHWC tensors: SAME/VALID padding, strides, dilations, optional bias and
/// a fused activation (NONE, RELU, RELU6, RELU_N1_TO_1).
///
/// Runs as a GEMM: the filter `[OC][KH][KW][IC]` is packed once at load into the panels of the
/// chosen ``KernelSet`` (a filter computed at run time is packed into scratch instead), and the
/// rows of A come from the input as ``ConvolutionRows`` plans. uint8 and int8 models run
/// ``QuantizedConvolutionKernel``, 16x8 ones (int16 activations) ``Int16x8ConvolutionKernel``
/// and hybrid ones (float input, int8 filter) ``HybridConvolutionKernel`` (same factory).
/// Grouped convolutions (input channels a multiple of the filter's) run
/// ``GroupedConvolution``'s kernels.
final class ConvolutionKernel: Kernel {
  static let sourceFile = #filePath

  private let geometry: ConvolutionGeometry
  private let outputChannels: Int
  private let activation: FusedActivation
  private let kernels: KernelSet
  private let hasBias: Bool
  /// The filter in GEMM panels; nil for the reference build or an empty output.
  private let weights: PackedWeights?
  private let rows: ConvolutionRows
  let scratchBytes: Int

  private init(
    geometry: ConvolutionGeometry, outputChannels: Int, activation: FusedActivation,
    kernels: KernelSet, threads: Int, hasBias: Bool, filter: ModelBytes?
  ) {
    self.geometry = geometry
    self.outputChannels = outputChannels
    self.activation = activation
    self.kernels = kernels
    self.hasBias = hasBias
    rows = ConvolutionRows(geometry, kernels: kernels, threads: threads)
    guard !kernels.isReference, geometry.batch * geometry.outputPixels > 0, outputChannels > 0
    else {
      weights = nil
      scratchBytes = 0
      return
    }
    let packed = PackedWeights(
      kernels: kernels, constant: filter, columns: outputChannels, depth: rows.depth)
    weights = packed
    scratchBytes = packed.scratchFloats * MemoryLayout<Float>.size + rows.scratchBytes
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let operands = try ConvolutionOperands(node, operation: "convolution")
    let options = try node.options(Conv2DOptions.self)
    let (geometry, outputChannels, groups) = try Self.geometry(operands, options, node)
    try node.setOutputShape(
      0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
    if groups > 1 {
      return try GroupedConvolution.make(
        &node, operands: operands, options: options, geometry: geometry,
        outputChannels: outputChannels, groups: groups)
    }
    if operands.hybrid {
      return try HybridConvolutionKernel(
        .convolution(groups: 1), geometry: geometry, outputChannels: outputChannels,
        operands: operands,
        activation: options.activation, node: node)
    }
    if operands.int16x8 {
      let quantization = try Int16x8Quantization(
        .convolution, operands, output: node.outputs[0], channels: outputChannels,
        activation: options.activation, biasType: options.quantizedBiasType, node: node)
      return Int16x8ConvolutionKernel(
        operation: .convolution(geometry, outputChannels: outputChannels),
        quantization: quantization)
    }
    if operands.quantized {
      let quantization = try ConvolutionQuantization(
        .convolution, operands, output: node.outputs[0], channels: outputChannels,
        activation: options.activation, node: node)
      return QuantizedConvolutionKernel(
        geometry: geometry, outputChannels: outputChannels, quantization: quantization,
        kernels: node.kernels, threads: node.environment.pool.threadCount,
        filter: operands.filter.constant, bias: operands.bias)
    }
    return ConvolutionKernel(
      geometry: geometry, outputChannels: outputChannels,
      activation: try FusedActivation(options.activation, node: node), kernels: node.kernels,
      threads: node.environment.pool.threadCount, hasBias: operands.bias != nil,
      filter: operands.filter.constant)
  }

  /// The geometry, output channels and groups of a convolution of `operands` with `options`,
  /// checked: the input's channels must be a multiple of the filter's (`groups` of them), and
  /// the output channels a multiple of `groups`.
  private static func geometry(
    _ operands: ConvolutionOperands, _ options: Conv2DOptions, _ node: NodeContext
  ) throws(InterpreterError) -> (ConvolutionGeometry, outputChannels: Int, groups: Int) {
    let filter = operands.filter
    guard filter.shape.count == 4 else {
      throw node.invalid("filter must have rank 4 ([OC, KH, KW, IC]), found shape \(filter.shape)")
    }
    let outputChannels = filter.shape[0]
    let geometry = try ConvolutionGeometry(
      input: operands.input.shape, filterHeight: filter.shape[1], filterWidth: filter.shape[2],
      padding: options.padding, strides: (options.strideHeight, options.strideWidth),
      dilations: (options.dilationHeight, options.dilationWidth), node: node)
    let filterChannels = filter.shape[3]
    try geometry.checkSizes(
      outputChannels: outputChannels, filterChannels: filterChannels, node: node)
    let inputChannels = geometry.inputChannels
    guard
      filterChannels == inputChannels
        || (filterChannels > 0 && inputChannels > 0 && inputChannels % filterChannels == 0)
    else {
      throw node.invalid(
        "filter has \(filterChannels) input channels but the input has \(inputChannels)")
    }
    let groups = filterChannels == inputChannels ? 1 : inputChannels / filterChannels
    guard outputChannels % groups == 0 else {
      throw node.invalid(
        "\(outputChannels) output channels do not split into \(groups) groups (\(inputChannels) input channels, filter has \(filterChannels))"
      )
    }
    try operands.checkBias(channels: outputChannels, node)
    return (geometry, outputChannels, groups)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let rowCount = g.batch * g.outputPixels
    guard rowCount > 0, outputChannels > 0 else { return }
    let input = io.input(0, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    guard let weights else {
      ConvolutionReference.convolution(
        g, outputChannels: outputChannels, input: input, filter: io.input(1, as: Float.self),
        bias: bias, activation: activation, output: output)
      return
    }
    let scratch = io.scratch?.bindMemory(
      to: Float.self, capacity: scratchBytes / MemoryLayout<Float>.size)
    let packed = weights.pointer(io, scratch: scratch)
    let (depth, columns) = (rows.depth, outputChannels)
    guard !rows.isDirect else {
      // 1×1, stride 1: the input rows are A.
      GEMM.multiply(
        kernels: kernels, m: rowCount, n: columns, k: depth, a: input, lda: depth,
        packed: packed, bias: bias, activation: activation, c: output, ldc: columns,
        pool: io.pool)
      return
    }
    // Gathering rows needs block scratch, which the arena provides after the weights'.
    let blockScratch = io.scratch.unsafelyUnwrapped + weights.scratchFloats * 4
    let (multiply, panels) = (kernels.entry.multiplyIndirect, kernels.entry.panelCount(columns))
    let (segments, length, activation) = (rows.segments, rows.segmentLength, activation)
    let panelStride = depth * kernels.columnTile
    rows.forEachBlock(
      input: input, scratch: blockScratch, outputChannels: columns, kernels: kernels,
      pool: io.pool
    ) { start, count, table, part in
      let operands: IndirectGEMMOperands = (
        m: count, n: columns, segments: segments, segmentLength: length, rows: table,
        packed: packed, panelStride: panelStride, bias: bias, lower: activation.lower,
        upper: activation.upper, c: output + start * columns, ldc: columns
      )
      multiply(operands, part, 0..<panels)
    }
  }
}
