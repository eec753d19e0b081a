/// How a tensor's integers map to real numbers: `real = scale * (q - zeroPoint)`.
///
/// Per-tensor quantization has one scale and one zero point; per-channel (per-axis)
/// quantization has one of each per slice along ``quantizedDimension``.
public struct Quantization: Sendable, Equatable {
  /// Scales; empty when the tensor is not affinely quantized (only min/max recorded).
  public var scales: [Float]
  /// Zero points, one per scale (a model may leave them out, meaning all zero).
  public var zeroPoints: [Int64]
  /// The axis the per-channel parameters run along (0 unless set). Kept as written; whether it
  /// fits the tensor's rank is the interpreter's check.
  public var quantizedDimension: Int
  /// Calibration minimum per channel, for importing back into TensorFlow; usually empty.
  public var min: [Float]
  /// Calibration maximum per channel; usually empty.
  public var max: [Float]
  /// Non-affine schemes (custom or blockwise), nil for ordinary affine quantization.
  public var details: QuantizationDetails?

  /// True when there is more than one scale.
  public var isPerChannel: Bool { scales.count > 1 }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    min = try t.floats(0, "min") ?? []
    max = try t.floats(1, "max") ?? []
    scales = try t.floats(2, "scale") ?? []
    zeroPoints = try t.integers(3, "zero_point", as: Int64.self) ?? []
    let detailsType = try t.unionType(4, "details_type")
    do {
      details = try QuantizationDetails(type: detailsType, table: t.unionValue(4, "details"))
    } catch {
      throw error.path == ["details"] ? error : error.within("details")
    }
    quantizedDimension = Int(try t.integer(6, "quantized_dimension", default: Int32(0)))
    if !zeroPoints.isEmpty && zeroPoints.count != scales.count {
      throw t.error(
        "zero_point", .invalidValue("\(zeroPoints.count) zero points for \(scales.count) scales"))
    }
    if quantizedDimension < 0 {
      throw t.error(
        "quantized_dimension",
        .invalidValue("quantized_dimension \(quantizedDimension) is negative"))
    }
  }
}
