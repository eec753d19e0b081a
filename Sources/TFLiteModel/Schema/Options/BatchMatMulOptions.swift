/// Options of `BATCH_MATMUL` (`BatchMatMulOptions`).
public struct BatchMatMulOptions: Sendable, Equatable {
  /// Use the left operand's last two dimensions transposed.
  public internal(set) var adjointX: Bool
  /// Use the right operand's last two dimensions transposed.
  public internal(set) var adjointY: Bool
  /// Hybrid models (float32 × int8): quantize the float rows asymmetrically (with a zero
  /// point) on the fly instead of symmetrically.
  public internal(set) var asymmetricQuantizeInputs: Bool

  /// The options an absent table stands for: no adjoints, symmetric hybrid inputs.
  public static let defaults = BatchMatMulOptions(
    adjointX: false, adjointY: false, asymmetricQuantizeInputs: false)

  init(adjointX: Bool, adjointY: Bool, asymmetricQuantizeInputs: Bool) {
    self.adjointX = adjointX
    self.adjointY = adjointY
    self.asymmetricQuantizeInputs = asymmetricQuantizeInputs
  }

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    adjointX = try table.flag(0, "adj_x")
    adjointY = try table.flag(1, "adj_y")
    asymmetricQuantizeInputs = try table.flag(2, "asymmetric_quantize_inputs")
  }
}
