/// How a detector's box tensor encodes boxes (`BoundingBoxProperties` in the metadata schema).
public struct BoundingBoxProperties: Sendable, Equatable {
  /// Tensor position of each semantic element: entry i is where element i of ``type``'s order
  /// sits. Empty means identity. TF SSD models store `[1, 0, 3, 2]` for their
  /// `[ymin, xmin, ymax, xmax]` layout (left at 1, top at 0, right at 3, bottom at 2).
  public internal(set) var index: [Int]
  /// The arrangement of the four values.
  public internal(set) var type: BoundingBoxType
  /// The units (ratio of the image size unless stated).
  public internal(set) var coordinateType: CoordinateType

  /// Creates box properties.
  public init(index: [Int], type: BoundingBoxType, coordinateType: CoordinateType) {
    self.index = index
    self.type = type
    self.coordinateType = coordinateType
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    index = try t.integers(0, "index", as: UInt32.self)?.map { Int($0) } ?? []
    type = try t.openEnumeration(1, "type", "BoundingBoxType", fallback: BoundingBoxType.unknown)
    coordinateType = try t.enumeration(2, "coordinate_type", "CoordinateType", CoordinateType.init)
    if !index.isEmpty && index.count != 4 {
      throw t.error("index", .invalidValue("\(index.count) entries; a box index needs exactly 4"))
    }
  }
}
