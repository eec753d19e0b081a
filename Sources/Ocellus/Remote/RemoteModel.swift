/// A model to download on demand: ML Kit's `CustomRemoteModel`, a name plus a source.
///
/// The name identifies the model in a ``ModelManager``'s cache (one installed version per
/// name) and in notifications; any string works (it is escaped for the file system). Two
/// remote models are equal when their names and source locations are equal.
public struct RemoteModel: Sendable, Hashable, CustomStringConvertible {
  /// The model's name: the cache key.
  public let name: String
  /// Where it is downloaded from.
  public let source: any RemoteModelSource

  /// A remote model named `name` fetched from `source`.
  public init(name: String, source: any RemoteModelSource) {
    self.name = name
    self.source = source
  }

  /// `"name (location)"`.
  public var description: String { "\(name) (\(source.location))" }

  /// Name and source location are equal.
  public static func == (lhs: RemoteModel, rhs: RemoteModel) -> Bool {
    lhs.name == rhs.name && lhs.source.location == rhs.source.location
  }

  /// Hashes the name and source location.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(source.location)
  }
}
