/// What a ``RemoteModelSource`` fetch produced.
public enum ModelFetchResult: Sendable, Equatable {
  /// The server confirmed the installed version is current (HTTP 304); nothing was written.
  case notModified
  /// The body was written to the request's destination: its length in bytes and the
  /// validators to store for the next revalidation.
  case fetched(byteCount: Int, validators: ModelCacheValidators)
}
