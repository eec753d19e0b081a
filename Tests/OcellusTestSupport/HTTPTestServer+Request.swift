extension HTTPTestServer {
  /// One request the server received, with the status it answered.
  public struct Request: Sendable {
    /// `GET`, `HEAD`, …
    public var method: String
    /// The path without the query.
    public var path: String
    /// Header fields with lowercased names (the last value wins).
    public var headers: [String: String]
    /// The status code of the reply.
    public var replyStatus: Int
  }
}
