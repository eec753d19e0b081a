/// Options of `CONV_2D` (`Conv2DOptions`). Strides and dilations are in pixels.
public struct Conv2DOptions: BuiltinOptionsTable {
  /// How the window meets the border (SAME when unset).
  public internal(set) var padding: Padding
  /// The window's step across and down, in pixels (0 when unset).
  public internal(set) var strideWidth, strideHeight: Int
  /// The activation fused into the output (NONE when unset).
  public internal(set) var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public internal(set) var dilationWidth, dilationHeight: Int
  /// For int16 activations: the bias type (`int32` or `int64`); `float32` (the default) means unset.
  public internal(set) var quantizedBiasType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    activation = try table.activation(3)
    (dilationWidth, dilationHeight) = try table.dilations(4)
    quantizedBiasType = try table.tensorType(6, "quantized_bias_type")
  }
}
