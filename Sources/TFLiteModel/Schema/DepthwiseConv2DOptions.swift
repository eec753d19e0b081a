/// Options of `DEPTHWISE_CONV_2D` (`DepthwiseConv2DOptions`). Strides and dilations are in pixels.
public struct DepthwiseConv2DOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth: Int
  public internal(set) var strideHeight: Int
  /// Output channels per input channel. Converters may store 0 or a stale value; the
  /// interpreter derives the real multiplier from the filter and input shapes.
  public internal(set) var depthMultiplier: Int
  public internal(set) var activation: ActivationFunction
  /// Dilation factors; 1 (the schema default) means no dilation.
  public internal(set) var dilationWidth: Int
  public internal(set) var dilationHeight: Int

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try Padding(table, fieldID: 0)
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    depthMultiplier = Int(try table?.integer(3, "depth_multiplier", default: Int32(0)) ?? 0)
    activation =
      try ActivationFunction(table, fieldID: 4)
    dilationWidth = Int(try table?.integer(5, "dilation_w_factor", default: Int32(1)) ?? 1)
    dilationHeight = Int(try table?.integer(6, "dilation_h_factor", default: Int32(1)) ?? 1)
  }
}
