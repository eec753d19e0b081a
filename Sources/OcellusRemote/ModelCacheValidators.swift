/// The HTTP validators of an installed model (`ETag`, `Last-Modified`), stored beside it so the
/// next download can ask the server "has it changed?" (`If-None-Match`,
/// `If-Modified-Since`) and skip the transfer on 304 Not Modified.
public struct ModelCacheValidators: Sendable, Equatable, Hashable {
  /// The `ETag` response header, verbatim (quotes included); nil when the server sent none.
  public var entityTag: String?
  /// The `Last-Modified` response header, verbatim; nil when the server sent none.
  public var lastModified: String?

  /// Validators from response headers.
  public init(entityTag: String? = nil, lastModified: String? = nil) {
    self.entityTag = entityTag
    self.lastModified = lastModified
  }

  /// True when there is nothing to revalidate with.
  public var isEmpty: Bool { entityTag == nil && lastModified == nil }
}
