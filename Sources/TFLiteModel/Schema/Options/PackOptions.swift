/// Options of `PACK` (`PackOptions`).
public struct PackOptions: BuiltinOptionsTable {
  /// How many inputs are stacked (0 when unset).
  public internal(set) var valuesCount: Int
  /// The new output dimension they are stacked along; negative counts from the end (0 when
  /// unset).
  public internal(set) var axis: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    valuesCount = try table.int(0, "values_count")
    axis = try table.int(1, "axis")
  }
}
