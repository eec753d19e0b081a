/// A file packed with the model and described by its metadata (`AssociatedFile`), e.g. a labels file.
public struct AssociatedFile: Sendable, Equatable {
  /// The file's name, which is also its entry name in the model's appended zip archive.
  public internal(set) var name: String
  /// Free-text description.
  public internal(set) var description: String?
  /// What the file holds.
  public internal(set) var type: AssociatedFileType
  /// The language of the file's text, e.g. `en`; nil when not stated.
  public internal(set) var locale: String?
  /// The file's own version string (metadata 1.4.1).
  public internal(set) var version: String?

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name") ?? ""
    description = try t.string(1, "description")
    type = try t.openEnumeration(
      2, "type", "AssociatedFileType", fallback: AssociatedFileType.unknown)
    locale = try t.string(3, "locale")
    version = try t.string(4, "version")
  }
}
