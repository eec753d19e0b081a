import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for tests, on an ephemeral port, serving routes each
/// test scripts: fixed bytes or files with status codes, `ETag` / `Last-Modified` with 304
/// replies to matching `If-None-Match` / `If-Modified-Since`, bodies cut short (connection
/// closed mid-body), slow bodies (chunks with delays), and a whole folder. Every request is
/// logged, so tests can count transfers.
///
/// One thread accepts (polling every 20 ms, so ``stop()`` takes effect quickly); each
/// connection gets its own thread and is closed after one response (`Connection: close`).
/// Call ``stop()`` when done.
public final class HTTPTestServer: @unchecked Sendable {
  /// The port the server listens on (127.0.0.1).
  public let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var routes: [String: Route] = [:]
  private var folders: [(prefix: String, folder: URL)] = []
  private var log: [Request] = []
  private var isStopped = false

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// The failing call and errno text.
    public var description: String
  }

  /// Starts listening on 127.0.0.1 with a port the system picks.
  public init() throws {
    #if canImport(Darwin)
      let socketType = SOCK_STREAM
    #else
      let socketType = Int32(SOCK_STREAM.rawValue)
    #endif
    let descriptor = socket(AF_INET, socketType, 0)
    guard descriptor >= 0 else { throw StartError(description: "socket: \(Self.errnoText())") }
    var reuse: Int32 = 1
    setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      let text = Self.errnoText()
      close(descriptor)
      throw StartError(description: "bind/listen: \(text)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      close(descriptor)
      throw StartError(description: "getsockname: \(Self.errnoText())")
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = descriptor
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "HTTPTestServer \(port)"
    thread.start()
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// The URL of `path` (which starts with `/`) on this server.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Serves `route` at `path` (exact match, query ignored), replacing any earlier route.
  public func setRoute(_ path: String, _ route: Route) {
    lock.lock()
    routes[path] = route
    lock.unlock()
  }

  /// Serves the files of `folder` under `prefix` (`/` by default): `GET <prefix><name>`
  /// returns `folder/<name>` (no `..`, no sub-folders), else 404.
  public func serveFolder(_ folder: URL, at prefix: String = "/") {
    lock.lock()
    folders.append((prefix, folder))
    lock.unlock()
  }

  /// Every request received so far, in order.
  public var requests: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return log
  }

  /// The requests received for `path`.
  public func requests(to path: String) -> [Request] {
    requests.filter { $0.path == path }
  }

  /// The number of requests for `path` whose reply carried a body (status 200).
  public func transfers(of path: String) -> Int {
    requests(to: path).filter { $0.replyStatus == 200 }.count
  }

  /// Stops accepting connections (connections in progress finish on their own).
  public func stop() {
    lock.lock()
    isStopped = true
    lock.unlock()
  }

  private var stopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isStopped
  }

  private func acceptLoop() {
    defer { close(listener) }
    while !stopped {
      var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 20)
      guard ready > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  /// Records `request` with the status it got.
  func record(_ request: Request) {
    lock.lock()
    log.append(request)
    lock.unlock()
  }

  /// The route for `path`: an exact route, else a file of a served folder, else nil.
  func route(for path: String) -> Route? {
    lock.lock()
    let exact = routes[path]
    let folders = self.folders
    lock.unlock()
    if let exact { return exact }
    for (prefix, folder) in folders where path.hasPrefix(prefix) {
      let name = String(path.dropFirst(prefix.count))
      guard !name.isEmpty, !name.contains("/"), !name.contains(".."),
        let data = try? Data(contentsOf: folder.appendingPathComponent(name))
      else { continue }
      return Route(body: [UInt8](data))
    }
    return nil
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
