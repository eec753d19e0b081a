/// A label: a class of a model's output with its confidence. ML Kit's `ImageLabel` (what an
/// ``ImageLabeler`` returns) and, under its other ML Kit name ``ObjectLabel``, a label of a
/// ``DetectedObject``.
public struct ImageLabel: Sendable, Equatable, Hashable {
  /// The label text: the display name for the options' locale, else the label name, else ""
  /// when the model has no labels (results then carry only ``index``). For a base detector's
  /// objects, the coarse category's text ("Fashion good", …).
  public var text: String
  /// The class index along the model's output, or the coarse category's
  /// `CoarseCategory.rawValue`.
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

/// One classification of a detected object: ML Kit's `ObjectLabel`, the same value as an
/// ``ImageLabel``.
public typealias ObjectLabel = ImageLabel
