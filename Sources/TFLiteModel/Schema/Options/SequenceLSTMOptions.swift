/// Options of `UNIDIRECTIONAL_SEQUENCE_LSTM` (`UnidirectionalSequenceLSTMOptions`).
public struct SequenceLSTMOptions: BuiltinOptionsTable {
  /// The activation of the cell input and of the cell state on its way to the output.
  public internal(set) var activation: ActivationFunction
  /// Clips the cell state to ±`cellClip`; 0 means no clipping.
  public internal(set) var cellClip: Float
  /// Clips the projection to ±`projectionClip`; 0 means no clipping.
  public internal(set) var projectionClip: Float
  /// Input and output are `[time, batch, features]` when true, `[batch, time, features]`
  /// otherwise.
  public internal(set) var timeMajor: Bool
  /// Hybrid models: quantize float inputs asymmetrically on the fly.
  public internal(set) var asymmetricQuantizeInputs: Bool
  /// The recurrent weights are diagonal (vectors), as in some converted models.
  public internal(set) var diagonalRecurrentTensors: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    activation = try table.activation(0)
    cellClip = try table.real(1, "cell_clip")
    projectionClip = try table.real(2, "proj_clip")
    timeMajor = try table.flag(3, "time_major")
    asymmetricQuantizeInputs = try table.flag(4, "asymmetric_quantize_inputs")
    diagonalRecurrentTensors = try table.flag(5, "diagonal_recurrent_tensors")
  }
}
