/// The colour space of an image input (`ColorSpaceType` in the metadata schema).
public enum ColorSpaceType: Int8, Sendable, CustomStringConvertible {
  /// Not stated (an absent field reads as this), or newer than this reader.
  case unknown = 0
  case rgb = 1
  case grayscale = 2

  public var description: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = ["UNKNOWN", "RGB", "GRAYSCALE"]
}
