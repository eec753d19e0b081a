#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Large zero-filled buffers that Linux may back with 2 MiB pages (`MADV_HUGEPAGE`, honoured
/// when transparent huge pages are set to `madvise` or `always`): filling one then costs a
/// page fault per 2 MiB instead of one per 4 KiB, which is most of what a fresh arena costs.
///
/// A buffer is rounded up to whole huge pages only when that adds at most an eighth of its
/// size; otherwise only its whole huge pages are advised and the tail keeps 4 KiB pages. Small
/// buffers, and every buffer on other systems, are ordinary allocations.
enum HugePageMemory {
  /// The size of a huge page, in bytes.
  static let pageBytes = 1 << 21

  /// `byteCount` bytes (at least 1), aligned to `alignment` (a power of two), every byte zero.
  /// Free with `deallocate()`.
  static func allocateZeroed(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    var size = max(byteCount, 1)
    var advised = 0
    #if os(Linux)
      let roundedUp = (size + pageBytes - 1) / pageBytes * pageBytes
      if roundedUp - size <= size / 8 {
        (size, advised) = (roundedUp, roundedUp)
      } else {
        advised = size / pageBytes * pageBytes
      }
    #endif
    guard advised > 0 else {
      let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: alignment)
      memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
      return memory
    }
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: size, alignment: max(alignment, pageBytes))
    #if os(Linux)
      _ = madvise(memory, advised, 14)  // MADV_HUGEPAGE
    #endif
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return memory
  }
}
