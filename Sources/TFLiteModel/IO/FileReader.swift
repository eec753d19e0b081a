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
  /// - Parameters:
  ///   - path: The file's path (absolute, or relative to the working directory); it must name
  ///     a regular file, symbolic links followed.
  ///   - maxBytes: the largest file accepted, checked before allocating.
  public static func read(_ path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
    let (descriptor, size) = try openRegularFile(path, maxBytes: maxBytes)
    defer { _ = close(descriptor) }
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

  /// The file at `path` as ``ModelBytes``: mapped read-only and private, so pages are read
  /// from the page cache only when touched and are never copied; a file that cannot be mapped
  /// is read into a private copy instead. Like every reader of mapped files (LiteRT included),
  /// it assumes nothing rewrites or truncates the file while it is in use (replacing it by a
  /// rename, as the model downloader does, is safe).
  /// - Parameters:
  ///   - path: The file's path (absolute, or relative to the working directory); it must name
  ///     a regular file, symbolic links followed.
  ///   - maxBytes: the largest file accepted, checked before mapping.
  public static func map(_ path: String, maxBytes: Int) throws(FileReadError) -> ModelBytes {
    let (descriptor, size) = try openRegularFile(path, maxBytes: maxBytes)
    defer { _ = close(descriptor) }
    if size == 0 { return .empty }
    let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let mapped, mapped != MAP_FAILED else {
      return ModelBytes(try read(path, maxBytes: maxBytes))
    }
    return ModelBytes(
      storage: ModelBytesStorage(mapping: UnsafeRawPointer(mapped), count: size), range: 0..<size)
  }

  /// Opens `path` for reading: a descriptor the caller closes, and the file's size, checked
  /// to be a regular file of at most `maxBytes` bytes.
  private static func openRegularFile(_ path: String, maxBytes: Int) throws(FileReadError) -> (
    descriptor: Int32, size: Int
  ) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .unreadable(reason: systemMessage()) }
    var status = stat()
    var failure: FileReadError?
    if fstat(descriptor, &status) != 0 {
      failure = .unreadable(reason: systemMessage())
    } else if (status.st_mode & S_IFMT) != S_IFREG {
      failure = .unreadable(reason: "not a regular file")
    } else if Int(status.st_size) > maxBytes {
      failure = .tooLarge(size: Int(status.st_size), limit: maxBytes)
    }
    if let failure {
      _ = close(descriptor)
      throw failure
    }
    return (descriptor, Int(status.st_size))
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
