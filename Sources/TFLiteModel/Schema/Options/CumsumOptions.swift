/// Options of `CUMSUM` (`CumsumOptions`); both flags are false when unset.
public struct CumsumOptions: BuiltinOptionsTable {
  /// Leave each element out of its own sum.
  public internal(set) var exclusive: Bool
  /// Sum from the end of the axis.
  public internal(set) var reverse: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    exclusive = try table.flag(0, "exclusive")
    reverse = try table.flag(1, "reverse")
  }
}
