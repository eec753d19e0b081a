/// A model to download on demand: ML Kit's `CustomRemoteModel`, a name plus a source.
///
/// The name identifies the model in a ``ModelManager``'s cache (one installed version per
/// name) and in notifications; any string works (it is escaped for the file system). Two
/// remote models are equal when their names, contents and source locations are equal.
public struct RemoteModel: Sendable, Hashable, CustomStringConvertible {
  /// The model's name: the cache key.
  public let name: String
  /// Where it is downloaded from (a ``NamedModelSource`` is resolved by the manager).
  public let source: any RemoteModelSource
  /// A model file (the default) or an AutoML bundle.
  public let content: RemoteModelContent
  /// What the download notifications carry under ``ModelDownloadUserInfoKey/remoteModel``
  /// instead of this value: the compatibility modules' own remote-model objects.
  package var notificationObject: (any Sendable)?

  /// A remote model named `name` fetched from `source`: a model file, or the AutoML bundle
  /// in the folder at `source`'s URL.
  public init(name: String, source: any RemoteModelSource, content: RemoteModelContent = .model) {
    self.name = name
    self.source = source
    self.content = content
    self.notificationObject = nil
  }

  /// A model known only by name, resolved by the manager's ``ModelManager/nameResolver``.
  public init(named name: String, content: RemoteModelContent = .model) {
    self.init(name: name, source: NamedModelSource(name: name), content: content)
  }

  /// True for an AutoML bundle.
  public var isAutoMLBundle: Bool {
    if case .autoMLBundle = content { return true }
    return false
  }

  /// `"name (location)"`.
  public var description: String { "\(name) (\(source.location))" }

  /// Name, content and source location are equal.
  public static func == (lhs: RemoteModel, rhs: RemoteModel) -> Bool {
    lhs.name == rhs.name && lhs.content == rhs.content
      && lhs.source.location == rhs.source.location
  }

  /// Hashes the name, content and source location.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(content)
    hasher.combine(source.location)
  }
}
