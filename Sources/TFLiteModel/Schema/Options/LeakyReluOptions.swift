/// Options of `LEAKY_RELU` (`LeakyReluOptions`): `x < 0 ? alpha · x : x`.
public struct LeakyReluOptions: BuiltinOptionsTable {
  /// The slope for negative inputs (0 when unset).
  public internal(set) var alpha: Float

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    alpha = try table.real(0, "alpha")
  }
}
