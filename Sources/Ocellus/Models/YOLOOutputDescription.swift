import Imaging
import TFLiteModel

/// The output of a validated YOLO detection model: its layout, how many candidates and classes
/// it holds, and how to read its values.
public struct YOLOOutputDescription: Sendable, Equatable {
  /// The output tensor.
  public var tensor: TensorReference
  public var layout: YOLOOutputLayout
  /// Candidate boxes (N).
  public var boxCount: Int
  /// Classes (C).
  public var classCount: Int
  /// float32, or uint8/int8 read through ``dequantization``.
  public var elementType: TensorType
  /// The output's quantization (8-bit outputs), nil for float32.
  public var dequantization: TensorQuantization?

  /// Creates a description.
  public init(
    tensor: TensorReference, layout: YOLOOutputLayout, boxCount: Int, classCount: Int,
    elementType: TensorType, dequantization: TensorQuantization?
  ) {
    self.tensor = tensor
    self.layout = layout
    self.boxCount = boxCount
    self.classCount = classCount
    self.elementType = elementType
    self.dequantization = dequantization
  }
}
