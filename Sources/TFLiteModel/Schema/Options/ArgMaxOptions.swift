/// Options of `ARG_MAX` (`ArgMaxOptions`).
public struct ArgMaxOptions: BuiltinOptionsTable {
  /// The index type of the output (`int32` or `int64`); `float32` when unset.
  public internal(set) var outputType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    outputType = try table.tensorType(0, "output_type")
  }
}
