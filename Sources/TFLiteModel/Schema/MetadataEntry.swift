/// A named buffer attached to a model (`Metadata` in the TFLite schema), e.g. `TFLITE_METADATA`
/// (the model metadata) or `min_runtime_version`.
public struct MetadataEntry: Sendable, Equatable {
  /// The entry's name.
  public internal(set) var name: String
  /// Index into ``ModelFile/buffers`` of the entry's bytes.
  public internal(set) var bufferIndex: Int

  init(_ t: FlatBufferTable, bufferCount: Int) throws(FlatBufferError) {
    name = try t.string(0, "name") ?? ""
    let buffer = try t.integer(1, "buffer", default: UInt32(0))
    guard Int(buffer) < bufferCount else {
      throw t.error("buffer", .indexOutOfRange(Int64(buffer), count: bufferCount, of: "buffer"))
    }
    bufferIndex = Int(buffer)
  }
}
