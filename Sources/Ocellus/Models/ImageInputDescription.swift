import Imaging
import TFLiteModel

/// The image input of a validated model: its size, element type, normalization and
/// quantization, and how pixels must be packed into it (BEHAVIOR.md A.2, G.9).
public struct ImageInputDescription: Sendable, Equatable {
  /// Which tensor this is (always input 0 of a valid model).
  public var tensor: TensorReference
  /// Width the model takes, in pixels (dimension 2 of `[1, H, W, 3]`).
  public var width: Int
  /// Height the model takes, in pixels (dimension 1).
  public var height: Int
  /// Channels: always 3 (RGB) for a valid model.
  public var channels: Int
  /// The element type: `.uint8`, `.int8` or `.float32`.
  public var elementType: TensorType
  /// The normalization in effect: the options' override if given, else the metadata's
  /// `NormalizationOptions`, else nil. Required for float32 inputs; informational for uint8
  /// inputs without an override (their raw bytes are used, as upstream).
  public var normalization: ImageNormalization?
  /// Where ``normalization`` came from, nil when there is none.
  public var normalizationSource: NormalizationSource?
  /// The input's quantization (uint8 and int8 inputs), from its first scale and zero point.
  public var quantization: TensorQuantization?
  /// True when the model's shape signature marks height or width as dynamic (-1); the Task
  /// Library then resizes the tensor instead of the image.
  public var hasDynamicSize: Bool

  /// Creates a description; `validated(model:normalization:fallback:problems:)` builds it from
  /// a model.
  public init(
    tensor: TensorReference, width: Int, height: Int, channels: Int = 3,
    elementType: TensorType, normalization: ImageNormalization?,
    normalizationSource: NormalizationSource?, quantization: TensorQuantization?,
    hasDynamicSize: Bool = false
  ) {
    self.tensor = tensor
    self.width = width
    self.height = height
    self.channels = channels
    self.elementType = elementType
    self.normalization = normalization
    self.normalizationSource = normalizationSource
    self.quantization = quantization
    self.hasDynamicSize = hasDynamicSize
  }

  /// How 8-bit RGB pixels become this input's values.
  ///
  /// - float32: `(p - mean) / std` as floats.
  /// - uint8: the raw bytes (upstream behaviour), unless the options override the
  ///   normalization and the input quantization does not undo it; then quantized values.
  /// - int8: with a normalization and quantization that do not amount to `p - 128`, quantized
  ///   values; otherwise `p - 128`.
  public var packing: InputPacking {
    switch elementType {
    case .float32:
      return .normalizedFloats(normalization ?? ImageNormalization(mean: 0, std: 1))
    case .int8:
      if let normalization, let quantization,
        !Self.isRawInverse(normalization, quantization, offset: -128)
      {
        return .quantized(normalization, quantization)
      }
      return .shiftedBytes
    default:
      if normalizationSource != .metadata, let normalization, let quantization,
        !Self.isRawInverse(normalization, quantization, offset: 0)
      {
        return .quantized(normalization, quantization)
      }
      return .rawBytes
    }
  }

  /// True when quantizing a normalized pixel gives back the pixel plus `offset` (within
  /// rounding): `std * scale ≈ 1` (to 1/128) and `zeroPoint - offset ≈ mean` (to 1).
  static func isRawInverse(
    _ normalization: ImageNormalization, _ quantization: TensorQuantization, offset: Int
  ) -> Bool {
    for channel in 0..<3 {
      let product = normalization.std(channel: channel) * quantization.scale
      guard abs(product - 1) <= 1.0 / 128 else { return false }
      let shift = Float(quantization.zeroPoint - offset) - normalization.mean(channel: channel)
      guard abs(shift) <= 1 else { return false }
    }
    return true
  }
}
