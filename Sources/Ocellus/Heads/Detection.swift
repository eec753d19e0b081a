import Imaging

/// One detection a detector head kept: its box, class and score.
public struct Detection: Sendable, Equatable {
  /// The box, normalized to the model input (`[ymin, xmin, ymax, xmax]`).
  public var box: NormalizedBox
  /// The class index: the category value truncated toward zero.
  public var classIndex: Int
  /// The class text (display name for the locale, else label name, else "").
  public var label: String
  /// The score, calibrated if the model has calibration.
  public var score: Float
  /// The row of the model's outputs this came from.
  public var row: Int

  /// Creates a detection.
  public init(box: NormalizedBox, classIndex: Int, label: String, score: Float, row: Int) {
    self.box = box
    self.classIndex = classIndex
    self.label = label
    self.score = score
    self.row = row
  }
}
