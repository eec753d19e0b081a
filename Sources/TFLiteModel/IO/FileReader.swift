#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  import WASILibc
#endif

/// Reads whole files into memory through the platform's C library (no Foundation).
public enum FileReader {
  /// Reads the file at `path` in one allocation, without intermediate copies.
  /// - Parameter maxBytes: the largest file accepted, checked before allocating.
  public static func read(_ path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .unreadable(reason: systemMessage()) }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: systemMessage()) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadable(reason: "not a regular file")
    }
    let size = Int(status.st_size)
    guard size <= maxBytes else { throw .tooLarge(size: size, limit: maxBytes) }
    if size == 0 { return [] }
    var failure: FileReadError?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      guard let base = buffer.baseAddress else {
        failure = .unreadable(reason: "could not allocate \(size) bytes")
        initialized = 0
        return
      }
      var done = 0
      while done < size {
        let count = systemRead(descriptor, base + done, size - done)
        if count < 0 {
          if errno == EINTR { continue }
          failure = .unreadable(reason: systemMessage())
          break
        }
        if count == 0 { break }
        done += count
      }
      if failure == nil && done != size {
        failure = .unreadable(reason: "file shrank while reading (\(done) of \(size) bytes)")
      }
      initialized = done
    }
    if let failure { throw failure }
    return bytes
  }

  private static func systemMessage() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(cString: message)
  }
}

/// The C library's `read(2)`, named apart so it cannot be confused with a Swift method.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
