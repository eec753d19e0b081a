import TFLiteModel

/// DEPTHWISE_CONV_2D on float32 NHWC tensors: any depth multiplier, SAME/VALID padding,
/// strides, dilations, optional bias and a fused activation.
///
/// The filter is `[1][KH][KW][IC × multiplier]`; output channel `oc` reads input channel
/// `oc / multiplier`. The multiplier is derived from the shapes (as TFLite does) and must
/// match the options' `depth_multiplier` when that is nonzero. Runs directly, vectorized over
/// channels, one output row per work item. uint8 and int8 models run
/// ``QuantizedDepthwiseConvolutionKernel`` (same factory).
final class DepthwiseConvolutionKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [.depthwiseConv2d: { try make(&$0) }]

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

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, 3, outputs: 1)
    let input = try node.input(0)
    let filter = try node.input(1)
    let bias = node.inputs.count > 2 ? node.inputs[2] : nil
    let quantized = try QuantizedSupport.isQuantized(input: input, filter: filter, node: node)
    if !quantized {
      for (position, tensor) in [(0, input), (1, filter)] + (bias.map { [(2, $0)] } ?? [])
      where tensor.type != .float32 {
        throw node.unsupported(
          "input \(position) is \(tensor.type); only float32, uint8 and int8 depthwise convolution are supported"
        )
      }
      guard node.outputs[0].type == .float32 else {
        throw node.unsupported("output is \(node.outputs[0].type) for a float32 input")
      }
    }
    guard case .depthwiseConv2D(let options) = node.options else {
      throw node.invalid("options are \(node.options.typeName), not DepthwiseConv2DOptions")
    }
    guard filter.shape.count == 4, filter.shape[0] == 1 else {
      throw node.invalid(
        "filter must have shape [1, KH, KW, OC], found \(filter.shape)")
    }
    let geometry = try ConvolutionGeometry(
      input: input.shape, filterHeight: filter.shape[1], filterWidth: filter.shape[2],
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
    if let bias, ConvolutionGeometry.product(bias.shape) != outputChannels {
      throw node.invalid("bias of shape \(bias.shape) is not \(outputChannels) values")
    }
    if quantized {
      let quantization = try ConvolutionQuantization(
        .depthwise, input: input, filter: filter, bias: bias, output: node.outputs[0],
        channels: outputChannels, activation: options.activation, node: node)
      try node.setOutputShape(
        0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
      return QuantizedDepthwiseConvolutionKernel(
        geometry: geometry, multiplier: multiplier, quantization: quantization,
        kernels: KernelSet.current, filter: filter.constant, bias: bias)
    }
    let activation = try FusedActivation(options.activation, node: node)
    try node.setOutputShape(
      0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
    return DepthwiseConvolutionKernel(
      geometry: geometry, multiplier: multiplier, activation: activation,
      kernels: KernelSet.current, hasBias: bias != nil)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let outputChannels = g.inputChannels * multiplier
    let rows = g.batch * g.outputHeight
    guard rows > 0, g.outputWidth > 0, outputChannels > 0 else { return }
    let input = io.input(0, as: Float.self)
    let filter = io.input(1, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    if kernels.variant == .reference {
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
    let rowWork = g.outputWidth * outputChannels * g.filterHeight * g.filterWidth
    let depthwise = kernels.depthwise
    io.pool.parallelFor(rows, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))) {
      depthwise(operands, $0)
    }
  }
}
