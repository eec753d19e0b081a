/// Options of `TRANSPOSE_CONV` (`TransposeConvOptions`). Strides are in pixels.
public struct TransposeConvOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth: Int
  public internal(set) var strideHeight: Int
  public internal(set) var activation: ActivationFunction

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try Padding(table, fieldID: 0)
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    activation =
      try ActivationFunction(table, fieldID: 3)
  }
}
