/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). A label of the legacy on-device AutoML
/// image labeler (`FIRVisionImageLabel`).
public struct VisionImageLabel: Sendable, Equatable {
  /// The label text (from the bundle's `dict.txt`).
  public var text: String
  /// The confidence in [0, 1]; optional as in the legacy API, always set here.
  public var confidence: Float?
  /// The Knowledge Graph entity ID; always nil for AutoML models.
  public var entityID: String?

  /// Creates a label.
  public init(text: String, confidence: Float?, entityID: String? = nil) {
    self.text = text
    self.confidence = confidence
    self.entityID = entityID
  }

  /// The legacy view of a current label.
  public init(_ label: ImageLabel) {
    self.init(text: label.text, confidence: label.confidence)
  }
}
