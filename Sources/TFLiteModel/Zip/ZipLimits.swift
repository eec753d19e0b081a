/// Bounds applied when reading a ``ZipArchive``.
public struct ZipLimits: Sendable, Equatable, Hashable {
  /// The largest number of central-directory records accepted (default 4096; a zip without
  /// Zip64 holds at most 65535). More throws ``ZipError/tooManyEntries(count:limit:)``.
  public var maxEntries: Int

  /// The largest uncompressed entry size, in bytes, that ``ZipArchive/contents(of:)`` will
  /// return (default 64 MiB). It is checked against the declared size before anything is
  /// allocated, and caps inflation of deflated entries.
  public var maxEntrySize: Int

  /// Creates limits; by default 4096 entries and 64 MiB per entry.
  public init(maxEntries: Int = 4096, maxEntrySize: Int = 64 << 20) {
    self.maxEntries = maxEntries
    self.maxEntrySize = maxEntrySize
  }
}
