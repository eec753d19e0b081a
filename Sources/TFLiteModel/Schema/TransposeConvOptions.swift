/// Options of `TRANSPOSE_CONV` (`TransposeConvOptions`). Strides are in pixels.
public struct TransposeConvOptions: Sendable, Equatable {
  public internal(set) var padding: Padding
  public internal(set) var strideWidth: Int
  public internal(set) var strideHeight: Int
  public internal(set) var activation: ActivationFunction

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    activation = try ActivationFunction(table, fieldID: 3)
  }
}
