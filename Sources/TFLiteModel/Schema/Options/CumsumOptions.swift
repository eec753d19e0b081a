/// Options of `CUMSUM` (`CumsumOptions`); both flags are false when unset.
public struct CumsumOptions: BuiltinOptionsTable {
  /// `exclusive`: leave each element out of its own sum; `reverse`: sum from the end of
  /// the axis.
  public internal(set) var exclusive, reverse: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    exclusive = try table.flag(0, "exclusive")
    reverse = try table.flag(1, "reverse")
  }
}
