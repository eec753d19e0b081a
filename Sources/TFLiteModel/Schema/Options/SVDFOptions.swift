/// Options of `SVDF` (`SVDFOptions`).
public struct SVDFOptions: Sendable, Equatable {
  /// How many filters make up each output unit (filters = units × rank).
  public internal(set) var rank: Int
  /// The fused activation of the output.
  public internal(set) var activation: ActivationFunction
  /// Hybrid models: quantize float inputs asymmetrically (with a zero point) on the fly.
  public internal(set) var asymmetricQuantizeInputs: Bool

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    rank = try table.int(0, "rank")
    activation = try ActivationFunction(table, fieldID: 1)
    asymmetricQuantizeInputs = try table.flag(2, "asymmetric_quantize_inputs")
  }
}
