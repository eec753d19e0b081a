/// Per-tensor affine quantization: `real = scale * (q - zeroPoint)`.
///
/// Built from a tensor's first scale and first zero point, as the Task Library reads them.
public struct QuantizationParameters: Sendable, Equatable {
  /// The step between adjacent quantized values, in real units.
  public var scale: Float
  /// The quantized value that represents real 0.
  public var zeroPoint: Int

  /// Creates parameters.
  public init(scale: Float, zeroPoint: Int) {
    self.scale = scale
    self.zeroPoint = zeroPoint
  }

  /// The real value of quantized `q`: `scale * (q - zeroPoint)`, computed in `Float` (exact
  /// for 8-bit values; never traps, whatever the zero point).
  @inlinable
  public func dequantize(_ q: Int) -> Float {
    scale * (Float(q) - Float(zeroPoint))
  }
}
