/// An 8-bit tensor's affine quantization: `real = scale × (q − zeroPoint)`.
public struct TensorQuantization: Sendable, Equatable, Hashable {
  /// The real value of one quantized step (> 0, finite).
  public var scale: Float
  /// The quantized value of real 0 (0...255 for uint8, −128...127 for int8).
  public var zeroPoint: Int

  /// A quantization with `scale` and `zeroPoint` (checked by ``TensorPackingSpec/validate(maxBytes:)``).
  public init(scale: Float, zeroPoint: Int) {
    self.scale = scale
    self.zeroPoint = zeroPoint
  }
}
