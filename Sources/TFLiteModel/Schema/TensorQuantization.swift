/// A tensor's per-tensor affine quantization: `real = scale × (q − zeroPoint)`, the one
/// per-tensor value type of the model reader, the packers and the heads (``Quantization/perTensor``
/// reads it from the schema). Quantizes packed image inputs and dequantizes model outputs.
public struct TensorQuantization: Sendable, Equatable, Hashable {
  /// The real value of one quantized step (> 0, finite).
  public var scale: Float
  /// The quantized value of real 0 (0...255 for uint8, −128...127 for int8).
  public var zeroPoint: Int

  /// A quantization with `scale` and `zeroPoint` (not checked here: the packers and kernels
  /// check them where they use them).
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
