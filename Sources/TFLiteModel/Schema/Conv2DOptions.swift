/// Options of `CONV_2D` (`Conv2DOptions`). Strides and dilations are in pixels.
public struct Conv2DOptions: Sendable, Equatable {
  public var padding: Padding
  public var strideWidth: Int
  public var strideHeight: Int
  public var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public var dilationWidth: Int
  public var dilationHeight: Int
  /// For int16 activations: the bias type (`int32` or `int64`); `float32` (the default) means unset.
  public var quantizedBiasType: TensorType

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try table?.enumeration(0, "padding", "Padding", Padding.init) ?? .same
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    activation =
      try table?.enumeration(
        3, "fused_activation_function", "ActivationFunctionType", ActivationFunction.init)
      ?? .none
    dilationWidth = Int(try table?.integer(4, "dilation_w_factor", default: Int32(1)) ?? 1)
    dilationHeight = Int(try table?.integer(5, "dilation_h_factor", default: Int32(1)) ?? 1)
    quantizedBiasType =
      try table?.enumeration(6, "quantized_bias_type", "TensorType", TensorType.init) ?? .float32
  }
}
