/// One class a head returned: its index, its text and its confidence.
public struct ScoredLabel: Sendable, Equatable {
  /// The class index along the scores axis (classifiers) or the category value (detectors).
  public var index: Int
  /// The label text: the display name for the requested locale, else the label name, else ""
  /// when the model has no labels.
  public var text: String
  /// The score after dequantization, the optional activation and calibration. By convention in
  /// [0, 1], but a model that outputs logits gives other values (SPEC G.6).
  public var confidence: Float

  /// Creates a label.
  public init(index: Int, text: String, confidence: Float) {
    self.index = index
    self.text = text
    self.confidence = confidence
  }
}
