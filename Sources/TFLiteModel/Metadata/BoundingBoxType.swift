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

  public var description: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = ["UNKNOWN", "BOUNDARIES", "UPPER_LEFT", "CENTER"]
}
