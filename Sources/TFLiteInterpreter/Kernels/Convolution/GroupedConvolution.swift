import TFLiteModel

/// CONV_2D whose filter has fewer input channels than its input (`IC = groups × filter's`):
/// `groups` independent convolutions side by side, group `g` reading input channels
/// `g·IC/groups ..< (g+1)·IC/groups` and writing output channels `g·OC/groups ..< (g+1)·OC/groups`,
/// as TFLite's reference kernels define it (ONNX and PyTorch `groups`, Keras `Conv2D(groups:)`).
///
/// - Groups of one input channel with a constant float or 8-bit filter (the depthwise
///   convolutions ConvNeXt and onnx2tf write this way) run as the DEPTHWISE_CONV_2D they are:
///   the filter transposed once at load (``SubstitutedFilterKernel``); the reference build does
///   not take this path.
/// - Other groups run group by group as ordinary convolutions (``ChannelGroupKernel``).
/// - Hybrid ones (float input, int8 filter) run ``HybridConvolutionKernel``, which quantizes
///   the whole input once, as TFLite does.
enum GroupedConvolution {
  /// The kernel of grouped CONV_2D `node`, whose `geometry` (of the whole input) and
  /// `outputChannels` are checked and whose output shape is set; `groups` divides both channel
  /// counts.
  static func make(
    _ node: inout NodeContext, operands: ConvolutionOperands, options: Conv2DOptions,
    geometry: ConvolutionGeometry, outputChannels: Int, groups: Int
  ) throws(InterpreterError) -> any Kernel {
    if operands.hybrid {
      return try HybridConvolutionKernel(
        .convolution(groups: groups), geometry: geometry, outputChannels: outputChannels,
        operands: operands, activation: options.activation, node: node)
    }
    if groups == geometry.inputChannels, !node.kernels.isReference,
      [.float32, .uint8, .int8].contains(operands.input.type),
      let transposed = depthwiseFilter(operands.filter, outputChannels: outputChannels)
    {
      var depthwise = node
      depthwise.inputs[1] = transposed
      let kernel = try DepthwiseConvolutionKernel.make(
        &depthwise,
        options: DepthwiseConv2DOptions(
          padding: options.padding, strides: (options.strideHeight, options.strideWidth),
          depthMultiplier: outputChannels / groups, activation: options.activation,
          dilations: (options.dilationHeight, options.dilationWidth)))
      node.outputs = depthwise.outputs
      return SubstitutedFilterKernel(kernel, filter: transposed.constant ?? .empty)
    }
    return try ChannelGroupKernel(
      &node, geometry: geometry, outputChannels: outputChannels, groups: groups)
  }

  /// The constant filter `[OC][KH][KW][1]` as a depthwise filter `[1][KH][KW][OC]` (per-channel
  /// quantization along dimension 3), or nil when it is not constant or not whole bytes.
  static func depthwiseFilter(_ filter: TensorDescription, outputChannels: Int)
    -> TensorDescription?
  {
    guard let constant = filter.constant, let size = filter.type.byteSize,
      constant.count == filter.byteCount, filter.shape.count == 4
    else { return nil }
    let taps = filter.shape[1] * filter.shape[2]
    var bytes = [UInt8](repeating: 0, count: constant.count)
    constant.withUnsafeBytes { source in
      for channel in 0..<outputChannels {
        for tap in 0..<taps {
          for byte in 0..<size {
            bytes[(tap * outputChannels + channel) * size + byte] =
              source[(channel * taps + tap) * size + byte]
          }
        }
      }
    }
    return TensorDescription(
      index: filter.index, name: filter.name, type: filter.type,
      shape: [1, filter.shape[1], filter.shape[2], outputChannels],
      quantization: filter.quantization?.channels(0..<outputChannels, along: 3),
      constant: ModelBytes(bytes))
  }
}
