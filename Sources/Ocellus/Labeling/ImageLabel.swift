/// One label an ``ImageLabeler`` found: ML Kit's `ImageLabel`.
public struct ImageLabel: Sendable, Equatable, Hashable {
  /// The label text: the display name for the options' locale, else the label name, else ""
  /// when the model has no labels (results then carry only ``index``).
  public var text: String
  /// The class index along the model's output.
  public var index: Int
  /// The score: dequantized, after the optional activation and calibration. In [0, 1] by
  /// convention; a model that outputs logits gives other values unless an activation is set.
  public var confidence: Float

  /// Creates a label.
  public init(text: String, index: Int, confidence: Float) {
    self.text = text
    self.index = index
    self.confidence = confidence
  }
}
