/// Options of `ONE_HOT` (`OneHotOptions`).
public struct OneHotOptions: BuiltinOptionsTable {
  /// Where the depth dimension goes in the output; −1 appends it (converters write −1; 0
  /// when unset, as the schema says).
  public internal(set) var axis: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    axis = try table.int(0, "axis")
  }
}
