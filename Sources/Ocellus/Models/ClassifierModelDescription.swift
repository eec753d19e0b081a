import TFLiteModel

/// A model validated as an image classifier (the custom model of ML Kit's image labeling and
/// of object detection with custom classification): its input and its output heads.
///
/// Built with ``validated(model:options:labelsFile:outputShapes:)`` (or through ``LocalModel``
/// and ``AutoMLImageLabelerLocalModel``), which checks the Task Library's rules (BEHAVIOR.md A.2–A.5)
/// with Ocellus' extensions (int8 inputs and outputs, option overrides) and reports every
/// broken rule at once.
public struct ClassifierModelDescription: Sendable, Equatable {
  /// The image input.
  public var input: ImageInputDescription
  /// One head per output, in output order (ML Kit models have one).
  public var heads: [ClassificationHeadDescription]
  /// Things worth knowing that did not stop validation (model warnings, missing metadata).
  public var notes: [String]

  /// Creates a description from parts.
  public init(
    input: ImageInputDescription, heads: [ClassificationHeadDescription], notes: [String] = []
  ) {
    self.input = input
    self.heads = heads
    self.notes = notes
  }
}
