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
  public var description: String {
    switch self {
    case .unknown: return "UNKNOWN"
    case .descriptions: return "DESCRIPTIONS"
    case .tensorAxisLabels: return "TENSOR_AXIS_LABELS"
    case .tensorValueLabels: return "TENSOR_VALUE_LABELS"
    case .tensorAxisScoreCalibration: return "TENSOR_AXIS_SCORE_CALIBRATION"
    case .vocabulary: return "VOCABULARY"
    case .scannIndexFile: return "SCANN_INDEX_FILE"
    }
  }
}
