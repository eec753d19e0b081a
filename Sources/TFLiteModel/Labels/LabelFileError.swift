/// Why a label file, or a labels/display-names pair, was rejected.
public enum LabelFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file has more than `limit` lines (labels); parsing stopped there.
  case tooManyLabels(limit: Int)
  /// The display-names file does not have exactly one line per label.
  case displayNameCountMismatch(labels: Int, displayNames: Int)

  /// The error as an English sentence.
  public var description: String {
    switch self {
    case .tooManyLabels(let limit): "The label file has more than \(limit) labels."
    case .displayNameCountMismatch(let labels, let displayNames):
      "Mismatch between number of labels (\(labels)) and display names (\(displayNames))."
    }
  }
}
