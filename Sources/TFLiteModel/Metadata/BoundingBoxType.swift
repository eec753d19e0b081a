/// How four box values are arranged (`BoundingBoxType` in the metadata schema).
public enum BoundingBoxType: Int8, Sendable, CustomStringConvertible {
  /// Not stated, or newer than this reader.
  case unknown = 0
  /// `{left, top, right, bottom}` in semantic order.
  case boundaries = 1
  /// `{x, y, width, height}` of the upper-left corner.
  case upperLeft = 2
  /// `{centerX, centerY, width, height}`.
  case center = 3

  public var description: String {
    switch self {
    case .unknown: return "UNKNOWN"
    case .boundaries: return "BOUNDARIES"
    case .upperLeft: return "UPPER_LEFT"
    case .center: return "CENTER"
    }
  }
}
