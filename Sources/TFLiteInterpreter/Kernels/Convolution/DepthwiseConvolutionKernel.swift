import TFLiteModel

/// DEPTHWISE_CONV_2D on float32 NHWC tensors: any depth multiplier, SAME/VALID padding,
/// strides, dilations, optional bias and a fused activation.
///
/// The filter is `[1][KH][KW][IC × multiplier]`; output channel `oc` reads input channel
/// `oc / multiplier`. The multiplier is derived from the shapes (as TFLite does) and must
/// match the options' `depth_multiplier` when that is nonzero. Runs directly, vectorized over
/// channels, one output row per work item. uint8 and int8 models run
/// ``QuantizedDepthwiseConvolutionKernel``, 16x8 ones (int16 activations)
/// ``Int16x8ConvolutionKernel``, hybrid ones (float input, int8 filter)
/// ``HybridConvolutionKernel`` (same factory).
final class DepthwiseConvolutionKernel: Kernel {
  static let sourceFile = #filePath

  private let geometry: ConvolutionGeometry
  private let multiplier: Int
  private let activation: FusedActivation
  private let kernels: KernelSet
  private let hasBias: Bool
  /// Zeros standing in for an absent bias (the optimized kernels always add one).
  private let zeroBias: UnsafeMutablePointer<Float>

  private init(
    geometry: ConvolutionGeometry, multiplier: Int, activation: FusedActivation,
    kernels: KernelSet, hasBias: Bool
  ) {
    self.geometry = geometry
    self.multiplier = multiplier
    self.activation = activation
    self.kernels = kernels
    self.hasBias = hasBias
    let count = hasBias ? 1 : max(geometry.inputChannels * multiplier, 1)
    zeroBias = .allocate(capacity: count)
    zeroBias.initialize(repeating: 0, count: count)
  }

  deinit { zeroBias.deallocate() }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try make(&node, options: try node.options(DepthwiseConv2DOptions.self))
  }

  /// The kernel of depthwise convolution `node` with `options` (its own, or those of the
  /// operator it stands for: ``GroupedConvolution``).
  static func make(_ node: inout NodeContext, options: DepthwiseConv2DOptions)
    throws(InterpreterError) -> any Kernel
  {
    let operands = try ConvolutionOperands(node, operation: "depthwise convolution")
    let (geometry, multiplier) = try Self.geometry(operands, options, node)
    let outputChannels = geometry.inputChannels * multiplier
    try node.setOutputShape(
      0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
    if operands.hybrid {
      return try HybridConvolutionKernel(
        .depthwise(multiplier: multiplier), geometry: geometry, outputChannels: outputChannels,
        operands: operands, activation: options.activation, node: node)
    }
    if operands.int16x8 {
      let quantization = try Int16x8Quantization(
        .depthwise, operands, output: node.outputs[0], channels: outputChannels,
        activation: options.activation, biasType: .int64, node: node)
      return Int16x8ConvolutionKernel(
        operation: .depthwise(geometry, multiplier: multiplier), quantization: quantization)
    }
    if operands.quantized {
      let quantization = try ConvolutionQuantization(
        .depthwise, operands, output: node.outputs[0], channels: outputChannels,
        activation: options.activation, node: node)
      return QuantizedDepthwiseConvolutionKernel(
        geometry: geometry, multiplier: multiplier, quantization: quantization,
        kernels: node.kernels, threads: node.environment.pool.threadCount,
        filter: operands.filter.constant, bias: operands.bias)
    }
    return DepthwiseConvolutionKernel(
      geometry: geometry, multiplier: multiplier,
      activation: try FusedActivation(options.activation, node: node), kernels: node.kernels,
      hasBias: operands.bias != nil)
  }

  /// The geometry and depth multiplier of `operands` with `options`, checked. The multiplier is
  /// derived from the shapes and must match a nonzero `depth_multiplier`.
  private static func geometry(
    _ operands: ConvolutionOperands, _ options: DepthwiseConv2DOptions, _ node: NodeContext
  ) throws(InterpreterError) -> (ConvolutionGeometry, multiplier: Int) {
    let filter = operands.filter
    guard filter.shape.count == 4, filter.shape[0] == 1 else {
      throw node.invalid(
        "filter must have shape [1, KH, KW, OC], found \(filter.shape)")
    }
    let geometry = try ConvolutionGeometry(
      input: operands.input.shape, filterHeight: filter.shape[1], filterWidth: filter.shape[2],
      padding: options.padding, strides: (options.strideHeight, options.strideWidth),
      dilations: (options.dilationHeight, options.dilationWidth), node: node)
    let outputChannels = filter.shape[3]
    let inputChannels = geometry.inputChannels
    try geometry.checkSizes(outputChannels: outputChannels, filterChannels: 1, node: node)
    let multiplier: Int
    if inputChannels > 0 && outputChannels % inputChannels == 0 {
      multiplier = outputChannels / inputChannels
    } else if inputChannels == 0 && outputChannels == 0 {
      multiplier = 1
    } else {
      throw node.invalid(
        "filter has \(outputChannels) channels, not a multiple of the input's \(inputChannels)")
    }
    if options.depthMultiplier != 0 && options.depthMultiplier != multiplier {
      throw node.invalid(
        "depth_multiplier is \(options.depthMultiplier) but the shapes give \(multiplier) (\(outputChannels) / \(inputChannels))"
      )
    }
    try operands.checkBias(channels: outputChannels, node)
    return (geometry, multiplier)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    guard g.batch * g.outputHeight > 0, g.outputWidth > 0, g.inputChannels * multiplier > 0
    else { return }
    let input = io.input(0, as: Float.self)
    let filter = io.input(1, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    if kernels.isReference {
      ConvolutionReference.depthwise(
        g, multiplier: multiplier, input: input, filter: filter, bias: bias,
        activation: activation, output: output)
      return
    }
    let operands = (
      input: input, inputHeight: g.inputHeight, inputWidth: g.inputWidth,
      inputChannels: g.inputChannels, filter: filter, filterHeight: g.filterHeight,
      filterWidth: g.filterWidth, multiplier: multiplier,
      bias: bias ?? UnsafePointer(zeroBias), output: output, outputHeight: g.outputHeight,
      outputWidth: g.outputWidth, strideHeight: g.strideHeight, strideWidth: g.strideWidth,
      dilationHeight: g.dilationHeight, dilationWidth: g.dilationWidth, padTop: g.padTop,
      padLeft: g.padLeft, lower: activation.lower, upper: activation.upper
    )
    let depthwise = kernels.entry.depthwise
    g.forEachDepthwiseRows(multiplier: multiplier, pool: io.pool) { depthwise(operands, $0) }
  }
}
