/// Options of `SOFTMAX` (`SoftmaxOptions`): the output is `softmax(beta · x)`.
public struct SoftmaxOptions: BuiltinOptionsTable {
  /// The scale of the logits; 0 when unset (TFLite keeps that 0).
  public internal(set) var beta: Float

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    beta = try table.real(0, "beta")
  }
}
