/// Options of `L2_NORMALIZATION` (`L2NormOptions`).
public struct L2NormalizationOptions: BuiltinOptionsTable {
  /// The activation fused into the result (NONE when unset).
  public internal(set) var activation: ActivationFunction

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    activation = try table.activation(0)
  }
}
