/// Options of `CONCATENATION` (`ConcatenationOptions`).
public struct ConcatenationOptions: BuiltinOptionsTable {
  /// The dimension joined along; negative counts from the end (0 when unset).
  public internal(set) var axis: Int
  /// The activation fused into the result (NONE when unset).
  public internal(set) var activation: ActivationFunction

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    axis = try table.int(0, "axis")
    activation = try table.activation(1)
  }
}
