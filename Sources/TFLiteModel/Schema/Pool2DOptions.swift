/// Options of `AVERAGE_POOL_2D`, `MAX_POOL_2D` and `L2_POOL_2D` (`Pool2DOptions`), in pixels.
public struct Pool2DOptions: Sendable, Equatable {
  public var padding: Padding
  public var strideWidth: Int
  public var strideHeight: Int
  public var filterWidth: Int
  public var filterHeight: Int
  public var activation: ActivationFunction

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try table?.enumeration(0, "padding", "Padding", Padding.init) ?? .same
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    filterWidth = Int(try table?.integer(3, "filter_width", default: Int32(0)) ?? 0)
    filterHeight = Int(try table?.integer(4, "filter_height", default: Int32(0)) ?? 0)
    activation =
      try table?.enumeration(
        5, "fused_activation_function", "ActivationFunctionType", ActivationFunction.init)
      ?? .none
  }
}
