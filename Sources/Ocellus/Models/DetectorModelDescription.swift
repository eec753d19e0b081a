import Imaging
import TFLiteModel

/// A model validated as an object detector: an SSD with `TFLite_Detection_PostProcess`
/// (BEHAVIOR.md C.2: which output holds what, how boxes are encoded, the metadata threshold,
/// score calibration) or a YOLO model with one raw output (``yolo``, BEHAVIOR.md C.6); with its
/// input, category labels and the image fit.
///
/// Built with ``validated(model:options:outputShapes:)`` or ``LocalModel/detectorDescription(options:outputShapes:)``.
/// More permissive than the Task Library: metadata is optional (boxes then default to
/// ``BoxEncoding/tensorFlowSSD`` and labels to none or the options'), outputs are mapped by
/// metadata name, then by the post-processing operator, then by shape and values.
public struct DetectorModelDescription: Sendable, Equatable {
  /// The image input.
  public var input: ImageInputDescription
  /// The four outputs, in output order.
  public var outputs: [TensorReference]
  /// Which output holds what.
  public var mapping: DetectionOutputMapping
  /// How box rows are encoded.
  public var boxEncoding: BoxEncoding
  /// Category names (`TENSOR_VALUE_LABELS`: name `v` for category value `v`), or empty.
  public var labels: LabelMap
  /// `ScoreThresholdingOptions.global_score_threshold` on the score output, if any.
  public var metadataScoreThreshold: Float?
  /// Score calibration on the score output, if any.
  public var calibration: ScoreCalibrator?
  /// The post-processing operator's `num_classes`, if the model has the operator.
  public var classCount: Int?
  /// Rows the outputs hold (`max_detections × max_classes_per_detection`), if known.
  public var maxDetections: Int?
  /// Things worth knowing that did not stop validation.
  public var notes: [String]
  /// The raw output of a YOLO model; nil for an SSD (whose outputs ``mapping`` describes).
  public var yolo: YOLOOutputDescription?
  /// How images are fitted to the input: stretched for SSD models, letterboxed (gray 114) for
  /// YOLO models, unless the options say otherwise.
  public var fit: ImageFit

  /// Creates a description from parts.
  public init(
    input: ImageInputDescription, outputs: [TensorReference], mapping: DetectionOutputMapping,
    boxEncoding: BoxEncoding = .tensorFlowSSD, labels: LabelMap = .empty,
    metadataScoreThreshold: Float? = nil, calibration: ScoreCalibrator? = nil,
    classCount: Int? = nil, maxDetections: Int? = nil, notes: [String] = [],
    yolo: YOLOOutputDescription? = nil, fit: ImageFit = .stretch
  ) {
    self.input = input
    self.outputs = outputs
    self.mapping = mapping
    self.boxEncoding = boxEncoding
    self.labels = labels
    self.metadataScoreThreshold = metadataScoreThreshold
    self.calibration = calibration
    self.classCount = classCount
    self.maxDetections = maxDetections
    self.notes = notes
    self.yolo = yolo
    self.fit = fit
  }

  /// The reference of the output holding `role`, if known.
  public func output(_ role: DetectionOutputRole) -> TensorReference? {
    guard let position = mapping.position(of: role), position < outputs.count else { return nil }
    return outputs[position]
  }
}
