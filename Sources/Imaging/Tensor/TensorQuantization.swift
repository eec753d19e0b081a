/// An 8-bit tensor's per-tensor affine quantization: `real = scale × (q − zeroPoint)`. Used to
/// quantize packed image inputs and to dequantize model outputs.
public struct TensorQuantization: Sendable, Equatable, Hashable {
  /// The real value of one quantized step (> 0, finite).
  public var scale: Float
  /// The quantized value of real 0 (0...255 for uint8, −128...127 for int8).
  public var zeroPoint: Int

  /// A quantization with `scale` and `zeroPoint` (checked by ``TensorPackingSpec/validate(maxBytes:)``
  /// when packing).
  public init(scale: Float, zeroPoint: Int) {
    self.scale = scale
    self.zeroPoint = zeroPoint
  }

  /// The real value of quantized `q`: `scale × (q − zeroPoint)`, computed in `Float` (exact
  /// for 8-bit values; never traps, whatever the zero point).
  @inlinable
  public func dequantize(_ q: Int) -> Float {
    scale * (Float(q) - Float(zeroPoint))
  }
}
