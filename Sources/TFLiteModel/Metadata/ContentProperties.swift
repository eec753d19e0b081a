/// What kind of content a tensor holds (`ContentProperties` union in the metadata schema).
public enum ContentProperties: Sendable, Equatable {
  /// Not stated.
  case none
  /// Generic features (classifier scores, detector categories).
  case feature
  case image(ImageProperties)
  case boundingBox(BoundingBoxProperties)
  case audio(AudioProperties)
  /// A union member newer than this reader, by type tag.
  case other(typeTag: UInt8)

  init(type: UInt8, table: FlatBufferTable?) throws(FlatBufferError) {
    switch type {
    case 0: self = .none
    case 1: self = .feature
    case 2:
      self = .image(
        try table.map(ImageProperties.init)
          ?? ImageProperties(colorSpace: .unknown, defaultSize: nil))
    case 3:
      self = .boundingBox(
        try table.map(BoundingBoxProperties.init)
          ?? BoundingBoxProperties(index: [], type: .unknown, coordinateType: .ratio))
    case 4:
      self = .audio(
        try table.map(AudioProperties.init) ?? AudioProperties(sampleRate: 0, channels: 0))
    default: self = .other(typeTag: type)
    }
  }

  /// The schema name of the union member, e.g. `ImageProperties`.
  public var typeName: String {
    switch self {
    case .none: "NONE"
    case .feature: "FeatureProperties"
    case .image: "ImageProperties"
    case .boundingBox: "BoundingBoxProperties"
    case .audio: "AudioProperties"
    case .other(let tag): "ContentProperties\(tag)"
    }
  }
}
