/// Options of `RESHAPE` (`ReshapeOptions`).
public struct ReshapeOptions: BuiltinOptionsTable {
  /// The output shape (-1: the dimension that takes the remaining elements); nil when the
  /// model stores none, and the shape comes only from the second input.
  public internal(set) var newShape: [Int]?

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    newShape = try table.ints(0, "new_shape")
  }
}
