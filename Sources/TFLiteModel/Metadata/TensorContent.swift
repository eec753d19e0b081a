/// What a tensor holds and along which dimensions (`TensorContent` in the metadata schema).
public struct TensorContent: Sendable, Equatable {
  /// The kind of content.
  public internal(set) var properties: ContentProperties
  /// The dimensions holding the content; nil means every dimension except the batch.
  public internal(set) var range: ValueRange?

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    properties = try t.union(
      0, type: "content_properties_type", value: "content_properties", ContentProperties.init)
    range = try t.child(2, "range", ValueRange.init)
  }
}
