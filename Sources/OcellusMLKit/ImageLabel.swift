import Ocellus

/// A label of a whole image: ML Kit's `ImageLabel`.
public final class ImageLabel: Sendable {
  /// The label text.
  public let text: String
  /// The confidence, in [0, 1].
  public let confidence: Float
  /// The class index along the model's output.
  public let index: Int

  /// The ML Kit view of an Ocellus label.
  init(_ label: Ocellus.ImageLabel) {
    text = label.text
    confidence = label.confidence
    index = label.index
  }
}
