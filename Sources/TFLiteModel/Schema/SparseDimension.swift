/// How one dimension of a sparse tensor is stored, in traversal order (TFLite's
/// `DimensionMetadata`).
public enum SparseDimension: Sendable, Equatable {
  /// Every index `0..<size` is present.
  case dense(size: Int)
  /// Compressed (CSR): for node `p` of the previous level, the indices present are
  /// `indices[segments[p]..<segments[p + 1]]`.
  case compressed(segments: [Int], indices: [Int])

  /// Decodes a `DimensionMetadata` table.
  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    let format = try t.integer(0, "format", default: UInt8(0))
    switch format {
    case 0:
      self = .dense(size: Int(try t.integer(1, "dense_size", default: Int32(0))))
    case 1:
      let segments = try t.union(2, type: "array_segments_type", value: "array_segments") {
        (tag, table) throws(FlatBufferError) in try Self.indexVector(tag, table)
      }
      let indices = try t.union(4, type: "array_indices_type", value: "array_indices") {
        (tag, table) throws(FlatBufferError) in try Self.indexVector(tag, table)
      }
      self = .compressed(segments: segments, indices: indices)
    default:
      throw t.error("format", .invalidEnumValue(Int64(format), enumName: "DimensionType"))
    }
  }

  /// The values of a `SparseIndexVector` (Int32Vector, Uint16Vector or Uint8Vector).
  private static func indexVector(_ tag: UInt8, _ table: FlatBufferTable?) throws(FlatBufferError)
    -> [Int]
  {
    guard let table else { return [] }
    switch tag {
    case 1: return try table.integers(0, "values", as: Int32.self)?.map(Int.init) ?? []
    case 2: return try table.integers(0, "values", as: UInt16.self)?.map(Int.init) ?? []
    case 3: return try table.integers(0, "values", as: UInt8.self)?.map(Int.init) ?? []
    default:
      throw table.error("values", .invalidEnumValue(Int64(tag), enumName: "SparseIndexVector"))
    }
  }
}
