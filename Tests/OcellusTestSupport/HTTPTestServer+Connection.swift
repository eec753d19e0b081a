import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTTPTestServer {
  /// Reads one request from `connection`, answers it by its route and closes the connection.
  func serve(_ connection: Int32) {
    defer { close(connection) }
    #if canImport(Darwin)
      var noSignal: Int32 = 1
      setsockopt(
        connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let requestHead = Self.readHead(connection) else { return }
    let lines = requestHead.components(separatedBy: "\r\n")
    let parts = (lines.first ?? "").split(separator: " ")
    guard parts.count >= 2 else { return }
    let method = String(parts[0])
    let target = String(parts[1])
    let path = String(target.split(separator: "?", omittingEmptySubsequences: false).first ?? "")
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let route = route(for: path) ?? .status(404)
    var status = route.status
    if status == 200 {
      if let tag = route.entityTag, let match = headers["if-none-match"] {
        if match == tag || match == "*" { status = 304 }
      } else if let date = route.lastModified, headers["if-modified-since"] == date {
        status = 304
      }
    }
    record(Request(method: method, path: path, headers: headers, replyStatus: status))

    let body: [UInt8] = status == 304 ? [] : route.body
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: close\r\n"
    head += "Content-Type: application/octet-stream\r\n"
    if let tag = route.entityTag { head += "ETag: \(tag)\r\n" }
    if let date = route.lastModified { head += "Last-Modified: \(date)\r\n" }
    if !route.omitsContentLength || status == 304 { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    guard Self.send(connection, Array(head.utf8)[...]) else { return }
    if method == "HEAD" || status == 304 { return }
    let limit = min(body.count, route.closeAfterBytes ?? body.count)
    var offset = 0
    while offset < limit {
      if route.chunkDelay > 0 { Thread.sleep(forTimeInterval: route.chunkDelay) }
      let end = min(limit, offset + route.chunkSize)
      guard Self.send(connection, body[offset..<end]) else { return }
      offset = end
    }
  }

  /// Reads up to the blank line ending the request head (at most 64 KiB); nil on failure.
  private static func readHead(_ connection: Int32) -> String? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = [13, 10, 13, 10]
    while received.count < 64 * 1024 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      received.append(contentsOf: buffer[0..<count])
      if received.count >= 4,
        let end = (0...(received.count - 4)).first(where: {
          received[$0..<($0 + 4)].elementsEqual(terminator)
        })
      {
        return String(decoding: received[0..<end], as: UTF8.self)
      }
    }
    return nil
  }

  /// Writes all of `bytes`; false when the peer has gone.
  private static func send(_ connection: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      let written = bytes[offset...].withUnsafeBytes { raw in
        #if canImport(Darwin)
          Darwin.send(connection, raw.baseAddress, raw.count, flags)
        #else
          Glibc.send(connection, raw.baseAddress, raw.count, flags)
        #endif
      }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 304: return "Not Modified"
    case 404: return "Not Found"
    case 500: return "Internal Server Error"
    default: return "Status"
    }
  }
}
