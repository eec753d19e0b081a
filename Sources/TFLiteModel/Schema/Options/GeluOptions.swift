/// Options of `GELU` (`GeluOptions`).
public struct GeluOptions: BuiltinOptionsTable {
  /// Use the tanh approximation instead of the exact erf form (false when unset).
  public internal(set) var approximate: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    approximate = try table.flag(0, "approximate")
  }
}
