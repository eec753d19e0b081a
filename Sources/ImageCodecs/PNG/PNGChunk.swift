import Inflate

/// One PNG chunk located in the file: its type and where its data lies. The CRC has been
/// checked when a chunk is returned by ``read(_:at:)``.
struct PNGChunk: Sendable, Equatable {
  /// The four type bytes as a big-endian integer (`IHDR` is 0x4948_4452).
  let type: UInt32
  /// The byte offset of the chunk (its length field) in the file.
  let offset: Int
  /// The byte offset of the chunk's data in the file.
  var dataStart: Int { offset + 8 }
  /// The length of the chunk's data in bytes (0...2³¹−1).
  let length: Int
  /// The byte offset just past the chunk's CRC: where the next chunk starts.
  var end: Int { offset + 12 + length }

  static let ihdr: UInt32 = 0x4948_4452
  static let plte: UInt32 = 0x504C_5445
  static let idat: UInt32 = 0x4944_4154
  static let iend: UInt32 = 0x4945_4E44
  static let trns: UInt32 = 0x7452_4E53
  static let gama: UInt32 = 0x6741_4D41
  static let srgb: UInt32 = 0x7352_4742
  static let iccp: UInt32 = 0x6943_4350
  static let exif: UInt32 = 0x6558_4966
  static let text: UInt32 = 0x7445_5874
  static let ztxt: UInt32 = 0x7A54_5874
  static let itxt: UInt32 = 0x6954_5874

  /// Whether the chunk is critical (its first type letter is upper-case).
  var isCritical: Bool { type & 0x2000_0000 == 0 }

  /// The type as its four ASCII letters, for messages.
  var name: String { PNGChunk.name(of: type) }

  /// The four letters of `type` (non-letters shown as `?`).
  static func name(of type: UInt32) -> String {
    var text = ""
    for shift in [24, 16, 8, 0] {
      let byte = UInt8(truncatingIfNeeded: type >> UInt32(shift))
      let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      text.unicodeScalars.append(Unicode.Scalar(isLetter ? byte : 0x3F))
    }
    return text
  }

  /// The big-endian `UInt32` at `index` of `bytes`; the caller guarantees `index + 4 <= count`.
  @inline(__always)
  static func bigEndian32(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
    UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
      | UInt32(bytes[index + 3])
  }

  /// Reads the chunk starting at `offset` of `file` and verifies its CRC.
  ///
  /// - Throws: `.truncated` when the file ends inside the chunk, `.invalid` for a length over
  ///   2³¹−1 or a type that is not four ASCII letters, `.checksumMismatch` (naming the chunk
  ///   and its offset) when the stored CRC differs from the CRC of type and data.
  static func read(_ file: UnsafeRawBufferPointer, at offset: Int) throws(DecodeError) -> PNGChunk {
    guard offset >= 0, offset <= file.count, file.count - offset >= 8 else {
      throw .truncated(format: .png, offset: file.count, what: "the chunk header at byte \(offset)")
    }
    let length = Int(bigEndian32(file, offset))
    let type = bigEndian32(file, offset + 4)
    guard length <= 0x7FFF_FFFF else {
      throw .invalid(
        format: .png, offset: offset, reason: "a chunk length of \(length) bytes exceeds 2³¹−1")
    }
    for shift in [24, 16, 8, 0] {
      let byte = UInt8(truncatingIfNeeded: type >> UInt32(shift))
      guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) else {
        throw .invalid(
          format: .png, offset: offset + 4,
          reason: "the chunk type byte \(byte) is not an ASCII letter")
      }
    }
    let chunk = PNGChunk(type: type, offset: offset, length: length)
    guard file.count - offset - 12 >= length else {
      throw .truncated(
        format: .png, offset: file.count, what: "the \(chunk.name) chunk at byte \(offset)")
    }
    let stored = bigEndian32(file, offset + 8 + length)
    let computed = CRC32.checksum(
      UnsafeRawBufferPointer(rebasing: file[(offset + 4)..<(offset + 8 + length)]))
    guard stored == computed else {
      throw .checksumMismatch(
        format: .png, offset: offset, what: "\(chunk.name) chunk CRC", stored: stored,
        computed: computed)
    }
    return chunk
  }

  /// The chunk's data as a slice of `file`.
  func data(in file: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: file[dataStart..<(dataStart + length)])
  }
}
