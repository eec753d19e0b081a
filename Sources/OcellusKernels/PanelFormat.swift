/// How the packed B of a quantized GEMM holds each weight. The panels are laid out as
/// ``PackedGEMM``'s either way (panel after panel, `k` steps of `columnTile` weights); only the
/// element differs.
public enum PanelFormat: Sendable, Equatable {
  /// Integer-valued floats `weight − zeroPoint` (4 bytes each).
  case float
  /// The int8 weights as they are, one byte each (zero point 0).
  case int8
  /// The uint8 weights as they are, one byte each; the GEMM subtracts `zeroPoint` as it reads
  /// them.
  case uint8(zeroPoint: Int32)

  /// Bytes per packed weight.
  public var elementBytes: Int {
    switch self {
    case .float: 4
    case .int8, .uint8: 1
    }
  }
}
