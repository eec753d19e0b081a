/// What an image tensor holds (`ImageProperties` in the metadata schema).
public struct ImageProperties: Sendable, Equatable {
  /// The colour space; `unknown` when the field is absent (which image tasks reject).
  public internal(set) var colorSpace: ColorSpaceType
  /// The size the model was trained at, in pixels, if stated.
  public internal(set) var defaultSize: ImageSize?

  /// Creates image properties.
  public init(colorSpace: ColorSpaceType, defaultSize: ImageSize? = nil) {
    self.colorSpace = colorSpace
    self.defaultSize = defaultSize
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    colorSpace = try t.openEnumeration(
      0, "color_space", "ColorSpaceType", fallback: ColorSpaceType.unknown)
    defaultSize = try t.child(1, "default_size", ImageSize.init)
  }
}
