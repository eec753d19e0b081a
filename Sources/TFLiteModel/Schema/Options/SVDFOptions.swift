/// Options of `SVDF` (`SVDFOptions`).
public struct SVDFOptions: BuiltinOptionsTable {
  /// How many filters make up each output unit (filters = units × rank).
  public internal(set) var rank: Int
  /// The fused activation of the output.
  public internal(set) var activation: ActivationFunction
  /// Hybrid models: quantize float inputs asymmetrically (with a zero point) on the fly.
  public internal(set) var asymmetricQuantizeInputs: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    rank = try table.int(0, "rank")
    activation = try table.activation(1)
    asymmetricQuantizeInputs = try table.flag(2, "asymmetric_quantize_inputs")
  }
}
