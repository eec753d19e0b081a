/// Options of `AVERAGE_POOL_2D`, `MAX_POOL_2D` and `L2_POOL_2D` (`Pool2DOptions`), in pixels.
public struct Pool2DOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth: Int
  public internal(set) var strideHeight: Int
  public internal(set) var filterWidth: Int
  public internal(set) var filterHeight: Int
  public internal(set) var activation: ActivationFunction

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    padding = try Padding(table, fieldID: 0)
    strideWidth = Int(try table?.integer(1, "stride_w", default: Int32(0)) ?? 0)
    strideHeight = Int(try table?.integer(2, "stride_h", default: Int32(0)) ?? 0)
    filterWidth = Int(try table?.integer(3, "filter_width", default: Int32(0)) ?? 0)
    filterHeight = Int(try table?.integer(4, "filter_height", default: Int32(0)) ?? 0)
    activation =
      try ActivationFunction(table, fieldID: 5)
  }
}
