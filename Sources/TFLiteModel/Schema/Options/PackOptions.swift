/// Options of `PACK` (`PackOptions`).
public struct PackOptions: BuiltinOptionsTable {
  /// `valuesCount`: how many inputs are stacked; `axis`: the new output dimension they are
  /// stacked along, negative counting from the end. 0 when unset.
  public internal(set) var valuesCount, axis: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    valuesCount = try table.int(0, "values_count")
    axis = try table.int(1, "axis")
  }
}
