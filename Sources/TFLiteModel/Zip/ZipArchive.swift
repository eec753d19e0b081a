import Inflate

/// A read-only zip archive found at the end of a byte buffer, such as the associated files
/// appended to a `.tflite` model.
///
/// Reading tolerates every way TFLite's metadata tools (and `cat`) append the zip:
/// * The end-of-central-directory record is searched backwards over the last 22 + 65535
///   bytes; a candidate whose central directory does not fit, or does not start with a
///   central record, is skipped. A zip comment is tolerated. If no record validates, the
///   initializer throws ``ZipError/noArchive``, which callers treat as "no associated files".
/// * `prefix = endRecordOffset - centralDirectorySize - centralDirectoryOffset` is added to
///   every offset, so archives with absolute offsets (a `.tflite` written by the metadata
///   tools) and with zip-relative offsets (a zip appended with `cat`) both work.
/// * Entry data starts after the *local* header's name and extra field.
/// * On duplicate names the first entry wins (the Java reader's behaviour); later ones are
///   left out of ``entries``.
///
/// The central directory and local headers are parsed and bounds-checked eagerly, without
/// copying any entry data, in time proportional to the number of entries. Data is read by
/// ``contents(of:)``: stored entries are returned as zero-copy views, deflated ones are
/// inflated; either way the CRC-32 is verified on every call (nothing is cached).
public struct ZipArchive: Sendable {
  /// The bytes the archive was read from.
  public let bytes: ModelBytes
  /// The entries in central-directory order, without later duplicates of a name.
  public let entries: [ZipEntry]
  /// The number of bytes before the archive that offsets in it do not count (0 when its
  /// offsets are absolute positions in ``bytes``).
  public let prefixLength: Int
  /// The position of the end-of-central-directory record.
  public let endRecordOffset: Int
  /// The archive comment (a slice of ``bytes``; clipped to the data if its length lies).
  public let comment: ModelBytes
  /// The limits used for reading.
  public let limits: ZipLimits
  /// Entry index by name (the first occurrence).
  private let indexByName: [String: Int]

  /// Finds and parses the zip archive at the end of `bytes`.
  ///
  /// - Throws: ``ZipError/noArchive`` if there is none; another ``ZipError`` if the
  ///   archive is malformed, uses Zip64 or several disks, or exceeds `limits.maxEntries`.
  public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
    try self.init(bytes: ModelBytes(bytes), limits: limits)
  }

  /// Finds and parses the zip archive at the end of `bytes` (indexed from its start).
  public init(bytes: ModelBytes, limits: ZipLimits = ZipLimits()) throws(ZipError) {
    let layout = try bytes.withUnsafeBufferPointer { (buffer) throws(ZipError) in
      try ZipArchive.parse(buffer, limits: limits)
    }
    self.bytes = bytes
    self.limits = limits
    entries = layout.entries
    indexByName = layout.indexByName
    prefixLength = layout.prefix
    endRecordOffset = layout.endRecordOffset
    comment =
      bytes[
        (bytes.startIndex + layout.comment.lowerBound)..<(bytes.startIndex
          + layout.comment.upperBound)]
  }

  /// Returns the entry called `name` (the first one, if the name is duplicated), or nil.
  public func entry(named name: String) -> ZipEntry? {
    indexByName[name].map { entries[$0] }
  }

  /// Returns the uncompressed contents of `entry`, verified against its CRC-32.
  ///
  /// Stored entries are a zero-copy view into ``bytes``; deflated entries are inflated into
  /// new bytes of exactly the declared size.
  /// - Throws: ``ZipError/encryptedEntry(entry:)``,
  ///   ``ZipError/unsupportedCompression(method:entry:)``,
  ///   ``ZipError/entryTooLarge(entry:size:limit:)`` (checked before allocating),
  ///   ``ZipError/storedSizeMismatch(entry:compressedSize:uncompressedSize:)``,
  ///   ``ZipError/entryDataOutOfBounds(entry:offset:size:)``,
  ///   ``ZipError/inflateFailed(entry:error:)`` (including data longer or shorter than
  ///   declared) or ``ZipError/crcMismatch(entry:expected:actual:)``.
  public func contents(of entry: ZipEntry) throws(ZipError) -> ModelBytes {
    guard !entry.isEncrypted else { throw .encryptedEntry(entry: entry.name) }
    guard entry.method == 0 || entry.method == 8 else {
      throw .unsupportedCompression(method: entry.method, entry: entry.name)
    }
    guard entry.uncompressedSize <= limits.maxEntrySize else {
      throw .entryTooLarge(
        entry: entry.name, size: entry.uncompressedSize, limit: limits.maxEntrySize)
    }
    guard entry.dataOffset >= 0, entry.compressedSize >= 0,
      entry.compressedSize <= bytes.count - entry.dataOffset
    else {
      throw .entryDataOutOfBounds(
        entry: entry.name, offset: entry.dataOffset, size: entry.compressedSize)
    }
    let start = bytes.startIndex + entry.dataOffset
    let stored = bytes[start..<(start + entry.compressedSize)]
    let data: ModelBytes
    if entry.method == 0 {
      guard entry.compressedSize == entry.uncompressedSize else {
        throw .storedSizeMismatch(
          entry: entry.name, compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize)
      }
      data = stored
    } else {
      do {
        let limits = InflateLimits(
          maxOutputBytes: limits.maxEntrySize, expectedOutputBytes: entry.uncompressedSize)
        data = try stored.withUnsafeBytes { (raw) throws(InflateError) in
          ModelBytes(try Inflate.decompress(raw, format: .raw, limits: limits))
        }
      } catch {
        throw .inflateFailed(entry: entry.name, error: error)
      }
    }
    let crc = data.withUnsafeBytes { CRC32.checksum($0) }
    guard crc == entry.crc32 else {
      throw .crcMismatch(entry: entry.name, expected: entry.crc32, actual: crc)
    }
    return data
  }

  /// Returns the verified contents of the entry called `name`; see ``contents(of:)``.
  /// - Throws: ``ZipError/entryNotFound(name:)`` if there is no such entry, or any error
  ///   of ``contents(of:)``.
  public func contents(named name: String) throws(ZipError) -> ModelBytes {
    guard let entry = entry(named: name) else { throw .entryNotFound(name: name) }
    return try contents(of: entry)
  }
}
