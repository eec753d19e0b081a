/// Where a head's class names came from.
public enum LabelSource: Sendable, Equatable {
  /// No labels: every class has the empty name and only its index identifies it (BEHAVIOR.md A.4).
  case none
  /// An associated file packed in the model (`TENSOR_AXIS_LABELS` for classifiers,
  /// `TENSOR_VALUE_LABELS` for detectors), by its name.
  case metadata(file: String)
  /// The labels file of an AutoML bundle (`dict.txt`), by its path; it wins over labels
  /// embedded in the model (BEHAVIOR.md D-6).
  case labelsFile(path: String)
  /// The caller's options.
  case options
}
