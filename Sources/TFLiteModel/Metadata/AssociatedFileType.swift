/// What an associated file holds (`AssociatedFileType` in the metadata schema).
public enum AssociatedFileType: Int8, Sendable, CaseIterable, CustomStringConvertible {
  /// Unknown, or a type newer than this reader (recorded with a warning).
  case unknown = 0
  /// Free-text descriptions.
  case descriptions = 1
  /// Labels along a tensor axis: line i names class i (classifier outputs).
  case tensorAxisLabels = 2
  /// Labels indexed by tensor values: value v names class v (detector category outputs).
  case tensorValueLabels = 3
  /// Score calibration CSV, one line per class.
  case tensorAxisScoreCalibration = 4
  /// A tokenizer vocabulary.
  case vocabulary = 5
  /// A ScaNN index (embedding search).
  case scannIndexFile = 6

  /// The schema name, e.g. `TENSOR_AXIS_LABELS`.
  public var description: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = [
    "UNKNOWN", "DESCRIPTIONS", "TENSOR_AXIS_LABELS", "TENSOR_VALUE_LABELS",
    "TENSOR_AXIS_SCORE_CALIBRATION", "VOCABULARY", "SCANN_INDEX_FILE",
  ]
}
