/// Units of box coordinates (`CoordinateType` in the metadata schema).
public enum CoordinateType: Int8, Sendable, CustomStringConvertible {
  /// Normalized to 0...1 of the image size (the default when the field is absent).
  case ratio = 0
  /// Pixels of the model input.
  case pixel = 1

  public var description: String { self == .ratio ? "RATIO" : "PIXEL" }
}
