/// Options of `CONV_2D` (`Conv2DOptions`). Strides and dilations are in pixels.
public struct Conv2DOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth: Int
  public internal(set) var strideHeight: Int
  public internal(set) var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public internal(set) var dilationWidth: Int
  public internal(set) var dilationHeight: Int
  /// For int16 activations: the bias type (`int32` or `int64`); `float32` (the default) means unset.
  public internal(set) var quantizedBiasType: TensorType

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try Padding(table, fieldID: 0)
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    activation =
      try ActivationFunction(table, fieldID: 3)
    dilationWidth = Int(try table?.integer(4, "dilation_w_factor", default: Int32(1)) ?? 1)
    dilationHeight = Int(try table?.integer(5, "dilation_h_factor", default: Int32(1)) ?? 1)
    quantizedBiasType =
      try table?.enumeration(6, "quantized_bias_type", "TensorType", TensorType.init) ?? .float32
  }
}
