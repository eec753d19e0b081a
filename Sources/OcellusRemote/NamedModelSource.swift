/// A remote model known only by name (ML Kit's `FirebaseModelSource(name:)`,
/// Firebase's `AutoMLRemoteModel(name:)`): the ``ModelManager`` turns the name into a URL
/// with its ``ModelManager/nameResolver`` when the download starts.
///
/// Fetching it directly (without a manager) fails with
/// ``ModelDownloadError/unresolvedName(model:)``; so does a download when the manager has no
/// resolver or the resolver does not know the name (the fail notification is posted).
public struct NamedModelSource: RemoteModelSource, Hashable {
  /// The name the resolver is asked about.
  public let name: String

  /// A source for the model called `name`.
  public init(name: String) {
    self.name = name
  }

  /// `name:<name>`.
  public var location: String { "name:" + name }
  /// Never pinned: pin through the resolver's ``HTTPModelSource`` instead.
  public var expectedByteCount: Int? { nil }
  /// Never pinned: pin through the resolver's ``HTTPModelSource`` instead.
  public var expectedSHA256: String? { nil }

  /// Always fails: a name has to be resolved by a ``ModelManager`` first.
  public func fetch(
    _ request: ModelFetchRequest, progress: @escaping @Sendable (Int64, Int64?) -> Void
  ) async throws(ModelDownloadError) -> ModelFetchResult {
    throw .unresolvedName(model: name)
  }
}
