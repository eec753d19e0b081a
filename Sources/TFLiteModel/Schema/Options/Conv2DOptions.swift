/// Options of `CONV_2D` (`Conv2DOptions`). Strides and dilations are in pixels.
public struct Conv2DOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth, strideHeight: Int
  public internal(set) var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public internal(set) var dilationWidth, dilationHeight: Int
  /// For int16 activations: the bias type (`int32` or `int64`); `float32` (the default) means unset.
  public internal(set) var quantizedBiasType: TensorType

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    activation = try ActivationFunction(table, fieldID: 3)
    (dilationWidth, dilationHeight) = try table.dilations(4)
    quantizedBiasType = try table.tensorType(6, "quantized_bias_type")
  }
}
