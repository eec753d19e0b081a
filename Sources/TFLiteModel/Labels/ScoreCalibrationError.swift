/// Why a score calibration file was rejected. Line and field numbers are 1-based.
public enum ScoreCalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is empty (or holds only a byte order mark); upstream rejects this too.
  case emptyFile
  /// The file has more than `limit` lines; nothing was parsed.
  case tooManyLines(limit: Int)
  /// The number of lines (counting a trailing empty line) differs from the label count.
  case lineCountMismatch(labels: Int, lines: Int)
  /// A non-empty line has `fieldCount` comma-separated values instead of 3 or 4.
  case wrongFieldCount(line: Int, fieldCount: Int)
  /// A value is not a decimal number; `text` is the field as written (blanks trimmed, cut
  /// after 40 bytes).
  case invalidNumber(line: Int, field: Int, text: String)
  /// A value is too large in magnitude for `Float` (e.g. "1e39").
  case valueOutOfRange(line: Int, field: Int, text: String)
  /// The scale (field 1) is negative.
  case negativeScale(line: Int, scale: Float)

  /// The parameter name of a 1-based field: scale, slope, offset or min_score.
  public static func fieldName(_ field: Int) -> String {
    switch field {
    case 1: "scale"
    case 2: "slope"
    case 3: "offset"
    case 4: "min_score"
    default: "field \(field)"
    }
  }

  /// The error as an English sentence.
  public var description: String {
    switch self {
    case .emptyFile: "The score calibration file is empty."
    case .tooManyLines(let limit): "The score calibration file has more than \(limit) lines."
    case .lineCountMismatch(let labels, let lines):
      "Mismatch between number of labels (\(labels)) and score calibration parameters (\(lines))."
    case .wrongFieldCount(let line, let fieldCount):
      "Line \(line) of the score calibration file has \(fieldCount) values; expected 3 or 4."
    case .invalidNumber(let line, let field, let text):
      "Line \(line) of the score calibration file: \(Self.fieldName(field)) (value \(field)) \"\(text)\" is not a number."
    case .valueOutOfRange(let line, let field, let text):
      "Line \(line) of the score calibration file: \(Self.fieldName(field)) (value \(field)) \"\(text)\" is out of Float range."
    case .negativeScale(let line, let scale):
      "Line \(line) of the score calibration file: scale \(scale) is negative; it must be at least 0."
    }
  }
}
