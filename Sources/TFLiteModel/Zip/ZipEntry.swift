/// One file in a ``ZipArchive``, as described by its central-directory record and local header.
///
/// Offsets are positions in the bytes the archive was read from, with the archive's
/// ``ZipArchive/prefixLength`` already added, so they are valid whether the zip stores
/// absolute or zip-relative offsets.
public struct ZipEntry: Sendable, Equatable, Hashable {
  /// The entry's name, decoded as UTF-8 (invalid sequences are replaced with U+FFFD).
  public let name: String
  /// The compression method: 0 is stored, 8 is deflate; others are not supported.
  public let method: UInt16
  /// The general-purpose flags; bit 0 means encrypted.
  public let flags: UInt16
  /// The CRC-32 of the uncompressed data, from the central directory.
  public let crc32: UInt32
  /// The size of the stored (possibly compressed) data, in bytes.
  public let compressedSize: Int
  /// The size of the data once uncompressed, in bytes.
  public let uncompressedSize: Int
  /// The position of the entry's local header (signature `0x04034b50`).
  public let localHeaderOffset: Int
  /// The position of the entry's data: the local header's offset + 30 + the local name and
  /// extra-field lengths.
  public let dataOffset: Int
  /// The position of the entry's central-directory record.
  public let centralRecordOffset: Int

  /// Whether the entry is encrypted (flag bit 0); encrypted entries cannot be read.
  public var isEncrypted: Bool { flags & 1 != 0 }
}
