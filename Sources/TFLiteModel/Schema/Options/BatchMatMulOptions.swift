/// Options of `BATCH_MATMUL` (`BatchMatMulOptions`).
public struct BatchMatMulOptions: BuiltinOptionsTable {
  /// Use the left (`adjointX`) or the right (`adjointY`) operand's last two dimensions
  /// transposed.
  public internal(set) var adjointX, adjointY: Bool
  /// Hybrid models (float32 × int8): quantize the float rows asymmetrically (with a zero
  /// point) on the fly instead of symmetrically.
  public internal(set) var asymmetricQuantizeInputs: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    adjointX = try table.flag(0, "adj_x")
    adjointY = try table.flag(1, "adj_y")
    asymmetricQuantizeInputs = try table.flag(2, "asymmetric_quantize_inputs")
  }
}
