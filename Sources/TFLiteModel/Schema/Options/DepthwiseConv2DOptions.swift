/// Options of `DEPTHWISE_CONV_2D` (`DepthwiseConv2DOptions`). Strides and dilations are in pixels.
public struct DepthwiseConv2DOptions: BuiltinOptionsTable {
  /// How the window meets the border (SAME when unset).
  public internal(set) var padding: Padding
  /// The window's step across and down, in pixels (0 when unset).
  public internal(set) var strideWidth, strideHeight: Int
  /// Output channels per input channel. Converters may store 0 or a stale value; the
  /// interpreter derives the real multiplier from the filter and input shapes.
  public internal(set) var depthMultiplier: Int
  /// The activation fused into the output (NONE when unset).
  public internal(set) var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public internal(set) var dilationWidth, dilationHeight: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    depthMultiplier = try table.int(3, "depth_multiplier")
    activation = try table.activation(4)
    (dilationWidth, dilationHeight) = try table.dilations(5)
  }

  /// Options with these values: the depthwise convolution an operator written another way
  /// computes (a CONV_2D whose groups are its input channels).
  public init(
    padding: Padding, strides: (height: Int, width: Int), depthMultiplier: Int,
    activation: ActivationFunction, dilations: (height: Int, width: Int)
  ) {
    self.padding = padding
    (strideHeight, strideWidth) = strides
    self.depthMultiplier = depthMultiplier
    self.activation = activation
    (dilationHeight, dilationWidth) = dilations
  }
}
