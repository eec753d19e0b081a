/// The element type of a model's image input tensor.
public enum TensorElementType: Sendable, Equatable, Hashable {
  /// Unsigned 8-bit (most quantized models): 1 byte an element.
  case uint8
  /// Signed 8-bit (fully int8-quantized models): 1 byte an element, two's complement.
  case int8
  /// IEEE 754 single precision, little-endian: 4 bytes an element.
  case float32

  /// Bytes one element takes.
  public var byteCount: Int { self == .float32 ? 4 : 1 }
}
