/// Where a remote model comes from (BEHAVIOR.md D-7): an injectable transport.
///
/// ``HTTPModelSource`` fetches over HTTP(S); other sources (a bucket SDK, a peer, a test
/// double) conform by writing the body to the request's destination. The ``ModelManager`` does
/// everything else: joining concurrent requests, verifying size and SHA-256, atomic install,
/// validators, progress, events and notifications.
public protocol RemoteModelSource: Sendable {
  /// A stable, human-readable location (usually the URL), used in errors.
  var location: String { get }
  /// The expected body length in bytes, if pinned; a different length fails the download.
  var expectedByteCount: Int? { get }
  /// The expected SHA-256 of the body as 64 hexadecimal digits, if pinned; a different digest
  /// fails the download. A pinned model that is installed with this digest is not fetched again.
  var expectedSHA256: String? { get }

  /// Fetches the model body into `request.destinationPath`, calling `progress` with the bytes
  /// written so far and the total when known (non-decreasing).
  ///
  /// Must honour task cancellation by throwing ``ModelDownloadError/cancelled(model:url:)``,
  /// stream to disk (bounded memory) and stop at `request.byteLimit`.
  func fetch(
    _ request: ModelFetchRequest, progress: @escaping @Sendable (Int64, Int64?) -> Void
  ) async throws(ModelDownloadError) -> ModelFetchResult
}
