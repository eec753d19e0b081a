extension HTTPTestServer {
  /// How the server answers one path.
  public struct Route: Sendable {
    /// The status code (default 200).
    public var status: Int
    /// The body of a 200 reply (other statuses send a short text body).
    public var body: [UInt8]
    /// The `ETag` to send (quotes included); a request whose `If-None-Match` equals it gets 304.
    public var entityTag: String?
    /// The `Last-Modified` to send; a request whose `If-Modified-Since` equals it gets 304
    /// (when no `If-None-Match` decides).
    public var lastModified: String?
    /// Send only this many body bytes (after announcing the full `Content-Length`), then close.
    public var closeAfterBytes: Int?
    /// Send no `Content-Length`: the body ends when the connection closes.
    public var omitsContentLength: Bool
    /// Body bytes per write.
    public var chunkSize: Int
    /// Seconds to wait before each chunk (0: none).
    public var chunkDelay: Double

    /// A route with the given behaviour.
    public init(
      status: Int = 200, body: [UInt8] = [], entityTag: String? = nil,
      lastModified: String? = nil, closeAfterBytes: Int? = nil, omitsContentLength: Bool = false,
      chunkSize: Int = 64 * 1024, chunkDelay: Double = 0
    ) {
      self.status = status
      self.body = body
      self.entityTag = entityTag
      self.lastModified = lastModified
      self.closeAfterBytes = closeAfterBytes
      self.omitsContentLength = omitsContentLength
      self.chunkSize = max(1, chunkSize)
      self.chunkDelay = chunkDelay
    }

    /// A reply with `status` and a short text body.
    public static func status(_ status: Int) -> Route {
      Route(status: status, body: Array("status \(status)\n".utf8))
    }
  }
}
