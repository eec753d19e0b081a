/// Options of `DEPTHWISE_CONV_2D` (`DepthwiseConv2DOptions`). Strides and dilations are in pixels.
public struct DepthwiseConv2DOptions: Sendable, Equatable {
  public var padding: Padding
  public var strideWidth: Int
  public var strideHeight: Int
  /// Output channels per input channel. Converters may store 0 or a stale value; the
  /// interpreter derives the real multiplier from the filter and input shapes.
  public var depthMultiplier: Int
  public var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public var dilationWidth: Int
  public var dilationHeight: Int

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try table?.enumeration(0, "padding", "Padding", Padding.init) ?? .same
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    depthMultiplier = Int(try table?.integer(3, "depth_multiplier", default: Int32(0)) ?? 0)
    activation =
      try table?.enumeration(
        4, "fused_activation_function", "ActivationFunctionType", ActivationFunction.init)
      ?? .none
    dilationWidth = Int(try table?.integer(5, "dilation_w_factor", default: Int32(1)) ?? 1)
    dilationHeight = Int(try table?.integer(6, "dilation_h_factor", default: Int32(1)) ?? 1)
  }
}
