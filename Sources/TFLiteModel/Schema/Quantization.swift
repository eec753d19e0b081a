/// How a tensor's integers map to real numbers: `real = scale * (q - zeroPoint)`.
///
/// Per-tensor quantization has one scale and one zero point; per-channel (per-axis)
/// quantization has one of each per slice along ``quantizedDimension``.
public struct Quantization: Sendable, Equatable {
  /// Scales; empty when the tensor is not affinely quantized (only min/max recorded).
  public internal(set) var scales: [Float]
  /// Zero points, one per scale (a model may leave them out, meaning all zero).
  public internal(set) var zeroPoints: [Int64]
  /// The axis the per-channel parameters run along (0 unless set). Kept as written; whether it
  /// fits the tensor's rank is the interpreter's check.
  public internal(set) var quantizedDimension: Int
  /// Calibration minimum per channel, for importing back into TensorFlow; usually empty.
  public internal(set) var min: [Float]
  /// Calibration maximum per channel; usually empty.
  public internal(set) var max: [Float]
  /// Non-affine schemes (custom or blockwise), nil for ordinary affine quantization.
  public internal(set) var details: QuantizationDetails?

  /// True when there is more than one scale.
  public var isPerChannel: Bool { scales.count > 1 }

  /// The scale and zero point of per-tensor quantization (exactly one scale; a missing zero
  /// point reads as 0, one beyond `Int`'s range clamped), or nil when there are none or one
  /// per channel.
  public var perTensor: TensorQuantization? {
    guard scales.count == 1 else { return nil }
    return TensorQuantization(scale: scales[0], zeroPoint: Int(clamping: zeroPoints.first ?? 0))
  }

  /// These parameters for channels `range` of a per-channel tensor, running along `dimension`:
  /// the quantization of a slice or a transposed copy of the tensor. Per-tensor parameters are
  /// returned as they are, and so are parameters with fewer channels than `range` needs (the
  /// kernel that reads them finds the count wrong).
  public func channels(_ range: Range<Int>, along dimension: Int) -> Quantization {
    guard isPerChannel, range.clamped(to: scales.indices) == range else { return self }
    var result = self
    let slice = { (values: [Float]) in values.count == scales.count ? Array(values[range]) : values
    }
    result.scales = Array(scales[range])
    result.min = slice(min)
    result.max = slice(max)
    if zeroPoints.count == scales.count { result.zeroPoints = Array(zeroPoints[range]) }
    result.quantizedDimension = dimension
    return result
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    min = try t.floats(0, "min") ?? []
    max = try t.floats(1, "max") ?? []
    scales = try t.floats(2, "scale") ?? []
    zeroPoints = try t.integers(3, "zero_point", as: Int64.self) ?? []
    details = try t.union(4, type: "details_type", value: "details", QuantizationDetails.init)
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
