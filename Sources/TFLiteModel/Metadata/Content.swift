/// What a tensor holds and along which dimensions (`Content` in the metadata schema).
public struct Content: Sendable, Equatable {
  /// The kind of content.
  public var properties: ContentProperties
  /// The dimensions holding the content; nil means every dimension except the batch.
  public var range: ValueRange?

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    let type = try t.unionType(0, "content_properties_type")
    do {
      properties = try ContentProperties(type: type, table: t.unionValue(0, "content_properties"))
    } catch {
      throw error.path == ["content_properties"] ? error : error.within("content_properties")
    }
    range = try t.child(2, "range", ValueRange.init)
  }
}
