/// Options of `TRANSPOSE_CONV` (`TransposeConvOptions`). Strides are in pixels.
public struct TransposeConvOptions: Sendable, Equatable {
  public var padding: Padding
  public var strideWidth: Int
  public var strideHeight: Int
  public var activation: ActivationFunction

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try table?.enumeration(0, "padding", "Padding", Padding.init) ?? .same
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    activation =
      try table?.enumeration(
        3, "fused_activation_function", "ActivationFunctionType", ActivationFunction.init)
      ?? .none
  }
}
