import Inflate

/// Why a zip archive, or one of its entries, could not be read.
///
/// Offsets are byte positions in the data given to
/// ``ZipArchive/init(bytes:limits:)-(ModelBytes,_)``.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No valid end-of-central-directory record was found in the last 65557 bytes: the data
  /// is not a zip. For a `.tflite` file this means the model has no associated files.
  case noArchive
  /// The archive uses Zip64 (a 0xFFFF / 0xFFFFFFFF marker at `offset`), which is not supported.
  /// `entry` names the entry, or is nil for the end-of-central-directory record.
  case zip64Unsupported(entry: String?, offset: Int)
  /// The end record at `offset` describes a multi-disk archive, which is not supported.
  case multiDiskUnsupported(offset: Int)
  /// The end record at `endRecordOffset` places the central directory (`size` bytes
  /// declared at `declaredOffset`) after where it actually ends, so the implied prefix
  /// before the archive would be negative.
  case negativePrefix(endRecordOffset: Int, declaredOffset: Int, size: Int)
  /// The central directory declares `count` entries, more than ``ZipLimits/maxEntries``.
  case tooManyEntries(count: Int, limit: Int)
  /// Central-directory record number `index` at `offset` runs past the directory's end.
  case truncatedCentralDirectory(index: Int, offset: Int)
  /// Central-directory record number `index` at `offset` lacks the signature `0x02014b50`.
  case badCentralDirectorySignature(index: Int, offset: Int)
  /// The central directory at `offset` declares `declaredSize` bytes, but its declared
  /// records occupy `actualSize` bytes.
  case centralDirectorySizeMismatch(declaredSize: Int, actualSize: Int, offset: Int)
  /// The local header of `entry` at `offset` does not fit before the central directory.
  case localHeaderOutOfBounds(entry: String, offset: Int)
  /// The local header of `entry` at `offset` lacks the signature `0x04034b50`.
  case badLocalHeaderSignature(entry: String, offset: Int)
  /// The local header of `entry` at `offset` carries a different name than its central record.
  case localNameMismatch(entry: String, offset: Int)
  /// The `size` bytes of data of `entry`, starting at `offset`, run past the central
  /// directory or the end of the data.
  case entryDataOutOfBounds(entry: String, offset: Int, size: Int)
  /// `entry` is encrypted (flag bit 0).
  case encryptedEntry(entry: String)
  /// `entry` uses compression `method`; only 0 (stored) and 8 (deflate) are supported.
  case unsupportedCompression(method: UInt16, entry: String)
  /// Stored `entry` declares different compressed and uncompressed sizes.
  case storedSizeMismatch(entry: String, compressedSize: Int, uncompressedSize: Int)
  /// `entry` declares `size` uncompressed bytes, more than ``ZipLimits/maxEntrySize`` (`limit`).
  case entryTooLarge(entry: String, size: Int, limit: Int)
  /// Inflating deflated `entry` failed with `error` (offsets in it are relative to the
  /// entry's data); a stream longer or shorter than the declared size fails here too.
  case inflateFailed(entry: String, error: InflateError)
  /// The data of `entry` has CRC-32 `actual`, but the central directory says `expected`.
  case crcMismatch(entry: String, expected: UInt32, actual: UInt32)
  /// No entry is called `name`.
  case entryNotFound(name: String)

  /// A human-readable English sentence describing the error and where it happened.
  public var description: String {
    switch self {
    case .noArchive:
      return "No zip end-of-central-directory record was found; the data has no zip archive."
    case .zip64Unsupported(let entry, let offset):
      if let entry {
        return
          "Zip entry \"\(entry)\" (record at byte \(offset)) uses Zip64, which is not supported."
      }
      return "The zip end record at byte \(offset) uses Zip64, which is not supported."
    case .multiDiskUnsupported(let offset):
      return
        "The zip end record at byte \(offset) describes a multi-disk archive, which is not supported."
    case .negativePrefix(let endRecordOffset, let declaredOffset, let size):
      return
        "The zip end record at byte \(endRecordOffset) declares a \(size)-byte central directory at offset \(declaredOffset), past where it can start."
    case .tooManyEntries(let count, let limit):
      return "The zip central directory declares \(count) entries; the limit is \(limit)."
    case .truncatedCentralDirectory(let index, let offset):
      return
        "Zip central-directory record \(index) at byte \(offset) runs past the end of the directory."
    case .badCentralDirectorySignature(let index, let offset):
      return "Zip central-directory record \(index) at byte \(offset) has a bad signature."
    case .centralDirectorySizeMismatch(let declaredSize, let actualSize, let offset):
      return
        "The zip central directory at byte \(offset) declares \(declaredSize) bytes, but its records occupy \(actualSize)."
    case .localHeaderOutOfBounds(let entry, let offset):
      return "The local header of zip entry \"\(entry)\" at byte \(offset) is out of bounds."
    case .badLocalHeaderSignature(let entry, let offset):
      return "The local header of zip entry \"\(entry)\" at byte \(offset) has a bad signature."
    case .localNameMismatch(let entry, let offset):
      return
        "The local header of zip entry \"\(entry)\" at byte \(offset) carries a different name."
    case .entryDataOutOfBounds(let entry, let offset, let size):
      return "The \(size) data bytes of zip entry \"\(entry)\" at byte \(offset) run out of bounds."
    case .encryptedEntry(let entry):
      return "Zip entry \"\(entry)\" is encrypted, which is not supported."
    case .unsupportedCompression(let method, let entry):
      return
        "Zip entry \"\(entry)\" uses compression method \(method); only 0 (stored) and 8 (deflate) are supported."
    case .storedSizeMismatch(let entry, let compressedSize, let uncompressedSize):
      return
        "Stored zip entry \"\(entry)\" declares \(compressedSize) stored bytes but \(uncompressedSize) uncompressed bytes."
    case .entryTooLarge(let entry, let size, let limit):
      return "Zip entry \"\(entry)\" declares \(size) bytes; the limit is \(limit)."
    case .inflateFailed(let entry, let error):
      return "Zip entry \"\(entry)\" could not be inflated: \(error)"
    case .crcMismatch(let entry, let expected, let actual):
      return
        "Zip entry \"\(entry)\" has CRC-32 0x\(String(actual, radix: 16, uppercase: true)), but 0x\(String(expected, radix: 16, uppercase: true)) is recorded."
    case .entryNotFound(let name):
      return "The zip archive has no entry named \"\(name)\"."
    }
  }
}
