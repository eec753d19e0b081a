/// Options of `SHAPE` (`ShapeOptions`).
public struct ShapeOptions: BuiltinOptionsTable {
  /// The output's element type (`int32` or `int64`); `float32` when unset.
  public internal(set) var outputType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    outputType = try table.tensorType(0, "out_type")
  }
}
