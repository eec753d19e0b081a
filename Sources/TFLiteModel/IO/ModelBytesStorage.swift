#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory behind ``ModelBytes``: a read-only private mapping of a file, or a private copy.
/// Never written after it is made; freed (unmapped) when the last view goes.
final class ModelBytesStorage: @unchecked Sendable {
  let base: UnsafeRawPointer
  let count: Int
  let isMapped: Bool

  init(copying bytes: some Collection<UInt8>) {
    let memory = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: 16)
    _ = memory.initializeMemory(as: UInt8.self, from: bytes)
    base = UnsafeRawPointer(memory.baseAddress!)
    count = bytes.count
    isMapped = false
  }

  /// Takes ownership of `count` bytes mapped at `base` (unmapped on release).
  init(mapping base: UnsafeRawPointer, count: Int) {
    self.base = base
    self.count = count
    isMapped = true
  }

  /// The page size, in bytes.
  private static let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// For a mapping: `MADV_DONTNEED` over the whole pages inside `range` (byte positions).
  func releaseResidentPages(_ range: Range<Int>) {
    guard isMapped else { return }
    let page = Self.pageBytes
    let address = Int(bitPattern: base)
    let start = (address + range.lowerBound + page - 1) / page * page
    let end = (address + range.upperBound) / page * page
    guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(pointer, end - start, MADV_DONTNEED)
  }

  deinit {
    if isMapped {
      _ = munmap(UnsafeMutableRawPointer(mutating: base), count)
    } else {
      base.deallocate()
    }
  }
}
