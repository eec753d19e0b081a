import Imaging
import TFLiteInterpreter
import TFLiteModel

extension ImageInputDescription {
  /// The imaging layer's packing spec that follows ``packing`` literally: raw bytes, `p - 128`,
  /// normalized floats or quantized normalized values, at the model's width and height.
  var packingSpec: TensorPackingSpec {
    func channels(_ normalization: ImageNormalization) -> ([Float], [Float]) {
      (
        (0..<3).map { normalization.mean(channel: $0) },
        (0..<3).map { normalization.std(channel: $0) }
      )
    }
    switch packing {
    case .rawBytes:
      return TensorPackingSpec(elementType: .uint8, width: width, height: height)
    case .shiftedBytes:
      return TensorPackingSpec(elementType: .int8, width: width, height: height)
    case .normalizedFloats(let normalization):
      let (mean, std) = channels(normalization)
      return TensorPackingSpec(
        elementType: .float32, width: width, height: height, mean: mean, std: std)
    case .quantized(let normalization, let quantization):
      let (mean, std) = channels(normalization)
      return TensorPackingSpec(
        elementType: elementType == .int8 ? .int8 : .uint8, width: width, height: height,
        mean: mean, std: std,
        quantization: quantization)
    }
  }
}
