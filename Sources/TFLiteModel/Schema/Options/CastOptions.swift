/// Options of `CAST` (`CastOptions`); both types are `float32` when unset.
public struct CastOptions: BuiltinOptionsTable {
  /// The input's and the output's element types.
  public internal(set) var inputType, outputType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    inputType = try table.tensorType(0, "in_data_type")
    outputType = try table.tensorType(1, "out_data_type")
  }
}
