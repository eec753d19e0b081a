/// One classification of a detected object: ML Kit's `ObjectLabel`.
public struct ObjectLabel: Sendable, Equatable, Hashable {
  /// The label text: a coarse category's text ("Fashion good", …) for the base detector, the
  /// classifier's label (display name, else name, else "") for a custom one.
  public var text: String
  /// The category index (``CoarseCategory/rawValue``) or the classifier's class index.
  public var index: Int
  /// The confidence, in [0, 1] for the base detector and by convention for custom models.
  public var confidence: Float

  /// Creates a label.
  public init(text: String, index: Int, confidence: Float) {
    self.text = text
    self.index = index
    self.confidence = confidence
  }
}
