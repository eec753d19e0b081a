import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A model served over HTTP or HTTPS, optionally pinned by size and SHA-256.
///
/// Fetching streams the body to disk through `URLSession` (bounded memory), sends the stored
/// `ETag` / `Last-Modified` as `If-None-Match` / `If-Modified-Since` when revalidating an
/// installed copy, follows redirects, and maps failures to ``ModelDownloadError``: 404/410 →
/// ``ModelDownloadError/notFound(model:url:)``, other non-2xx statuses →
/// ``ModelDownloadError/httpStatus(model:url:status:)``, transport failures and bodies shorter
/// than their `Content-Length` → ``ModelDownloadError/network(model:url:reason:)``.
/// Pin ``expectedSHA256`` for anything fetched over plain HTTP or from a mirror.
public struct HTTPModelSource: RemoteModelSource, Hashable {
  /// The model file's URL (`http` or `https`).
  public let url: URL
  /// The expected SHA-256 as 64 lowercase hexadecimal digits, if pinned.
  public let expectedSHA256: String?
  /// The expected size in bytes, if pinned.
  public let expectedByteCount: Int?
  /// Seconds without any data before the request fails (default 60).
  public var timeout: Double

  /// A source for `url`, optionally pinned by SHA-256 (hex, any case) and size in bytes.
  public init(url: URL, sha256: String? = nil, byteCount: Int? = nil, timeout: Double = 60) {
    self.url = url
    self.expectedSHA256 = sha256?.lowercased()
    self.expectedByteCount = byteCount
    self.timeout = timeout
  }

  /// The URL as a string.
  public var location: String { url.absoluteString }

  /// Fetches the body into `request.destinationPath` with one `URLSession` data task.
  public func fetch(
    _ request: ModelFetchRequest, progress: @escaping @Sendable (Int64, Int64?) -> Void
  ) async throws(ModelDownloadError) -> ModelFetchResult {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .invalidSource(
        model: request.modelName, url: location, reason: "only http and https URLs are supported")
    }
    let transfer = HTTPModelTransfer(
      request: request, url: url, timeout: timeout > 0 ? timeout : 60, progress: progress)
    return try await transfer.run().get()
  }
}
