import Imaging
import TFLiteModel

/// One validated classifier output ("head"): how many classes, how to dequantize, the labels,
/// the metadata threshold and the score calibration (BEHAVIOR.md A.3).
public struct ClassificationHeadDescription: Sendable, Equatable {
  /// Which output this is.
  public var tensor: TensorReference
  /// N, the number of classes (the last dimension of `[1, N]` or `[1, 1, 1, N]`).
  public var classCount: Int
  /// The element type of the scores: `.float32`, `.uint8` or `.int8`.
  public var elementType: TensorType
  /// How quantized scores become real ones (`scale * (q - zeroPoint)`); nil for float32.
  public var dequantization: TensorQuantization?
  /// The class names: ``LabelMap/count`` equals ``classCount``, or the map is empty (index-only
  /// results with text "", BEHAVIOR.md A.4).
  public var labels: LabelMap
  /// `ScoreThresholdingOptions.global_score_threshold` from the output's metadata, if any.
  public var metadataScoreThreshold: Float?
  /// Score calibration from the output's metadata, if any.
  public var calibration: ScoreCalibrator?

  /// Creates a head description.
  public init(
    tensor: TensorReference, classCount: Int, elementType: TensorType,
    dequantization: TensorQuantization?, labels: LabelMap,
    metadataScoreThreshold: Float? = nil, calibration: ScoreCalibrator? = nil
  ) {
    self.tensor = tensor
    self.classCount = classCount
    self.elementType = elementType
    self.dequantization = dequantization
    self.labels = labels
    self.metadataScoreThreshold = metadataScoreThreshold
    self.calibration = calibration
  }
}
