/// Options of `SPLIT` (`SplitOptions`).
public struct SplitOptions: BuiltinOptionsTable {
  /// How many outputs the input is split into (0 when unset).
  public internal(set) var numSplits: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    numSplits = try table.int(0, "num_splits")
  }
}
