/// Why a DEFLATE or zlib stream could not be decompressed.
///
/// Positions are offsets into the compressed input, counted from its first byte (for
/// ``InflateStream``, across all chunks fed so far). A `bitOffset` counts bits, so the byte
/// is `bitOffset / 8` and the bit within it (least significant first) is `bitOffset % 8`.
public enum InflateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input ended at `byteOffset` (its length) while the stream still needed more bits.
  case unexpectedEndOfInput(byteOffset: Int)
  /// The zlib header's compression method (CM, low 4 bits of byte 0) is not 8 (deflate).
  case unsupportedZlibMethod(method: Int)
  /// The zlib header's window size (CINFO, high 4 bits of byte 0) is above 7 (32 KiB).
  case invalidZlibWindowSize(cinfo: Int)
  /// The zlib header's check bits fail: `(cmf * 256 + flg)` is not a multiple of 31.
  case zlibHeaderCheckFailed(cmf: UInt8, flg: UInt8)
  /// The zlib header sets FDICT (a preset dictionary), which is not supported.
  case presetDictionaryUnsupported
  /// A block header at `bitOffset` has the reserved block type 3.
  case invalidBlockType(bitOffset: Int)
  /// A stored block's LEN is not the complement of its NLEN; the LEN field is at `byteOffset`.
  case storedLengthMismatch(length: Int, complement: Int, byteOffset: Int)
  /// A dynamic block header at `bitOffset` declares more than 286 literal/length codes or
  /// more than 30 distance codes.
  case tooManyCodes(literalLengthCodes: Int, distanceCodes: Int, bitOffset: Int)
  /// The code lengths of `table`, read in the block header at `bitOffset`, over-subscribe
  /// the code space (more codes than a prefix code can hold).
  case oversubscribedCode(table: HuffmanTableKind, bitOffset: Int)
  /// The code lengths of `table`, read in the block header at `bitOffset`, leave part of
  /// the code space unused, or assign no code at all. As in zlib, this is allowed only for
  /// a literal/length or distance code made of a single one-bit code (or, for distances,
  /// no code at all).
  case incompleteCode(table: HuffmanTableKind, bitOffset: Int)
  /// A repeat-previous-length code (16) at `bitOffset` comes before any length.
  case repeatWithoutPreviousLength(bitOffset: Int)
  /// A repeat code at `bitOffset` runs past the number of code lengths the header declared.
  case codeLengthRepeatOverflow(bitOffset: Int)
  /// The dynamic block header at `bitOffset` gives the end-of-block symbol (256) no code.
  case missingEndOfBlockCode(bitOffset: Int)
  /// The literal/length symbol at `bitOffset` is 286 or 287, which are invalid.
  case invalidLiteralLengthSymbol(symbol: Int, bitOffset: Int)
  /// The distance symbol at `bitOffset` is 30 or 31, which are invalid.
  case invalidDistanceSymbol(symbol: Int, bitOffset: Int)
  /// The bits at `bitOffset` match no code of `table`: the code is incomplete (a single
  /// one-bit code) or empty, and the unused pattern was read.
  case unassignedCode(table: HuffmanTableKind, bitOffset: Int)
  /// The match at `bitOffset` refers `distance` bytes back, but only `available` bytes
  /// have been produced.
  case distanceTooFarBack(distance: Int, available: Int, bitOffset: Int)
  /// The output would exceed ``InflateLimits/maxOutputBytes`` (`limit` bytes). Nothing
  /// beyond the limit was allocated.
  case outputLimitExceeded(limit: Int)
  /// The output would exceed ``InflateLimits/expectedOutputBytes`` (`expected` bytes).
  case outputLongerThanExpected(expected: Int)
  /// The stream ended after `actual` bytes, fewer than the `expected` exact size.
  case outputShorterThanExpected(expected: Int, actual: Int)
  /// The zlib trailer at `byteOffset` stores Adler-32 `expected`, but the output's is `computed`.
  case checksumMismatch(expected: UInt32, computed: UInt32, byteOffset: Int)

  /// A human-readable English sentence describing the error and where it happened.
  public var description: String {
    switch self {
    case .unexpectedEndOfInput(let byteOffset):
      "The compressed input ended at byte \(byteOffset) before the end of the stream."
    case .unsupportedZlibMethod(let method):
      "The zlib header declares compression method \(method); only 8 (deflate) is supported."
    case .invalidZlibWindowSize(let cinfo):
      "The zlib header declares window size code \(cinfo); the maximum is 7 (32 KiB)."
    case .zlibHeaderCheckFailed(let cmf, let flg):
      "The zlib header bytes \(hex(cmf)) \(hex(flg)) fail their check (not a multiple of 31)."
    case .presetDictionaryUnsupported:
      "The zlib header requests a preset dictionary, which is not supported."
    case .invalidBlockType(let bitOffset):
      "The block header at \(position(bitOffset)) has the reserved block type 3."
    case .storedLengthMismatch(let length, let complement, let byteOffset):
      "The stored block length \(length) at byte \(byteOffset) does not match its complement \(complement)."
    case .tooManyCodes(let literalLengthCodes, let distanceCodes, let bitOffset):
      "The dynamic block header at \(position(bitOffset)) declares \(literalLengthCodes) literal/length and \(distanceCodes) distance codes (at most 286 and 30)."
    case .oversubscribedCode(let table, let bitOffset):
      "The \(table) code lengths of the block header at \(position(bitOffset)) are over-subscribed."
    case .incompleteCode(let table, let bitOffset):
      "The \(table) code lengths of the block header at \(position(bitOffset)) are incomplete."
    case .repeatWithoutPreviousLength(let bitOffset):
      "The code-length repeat at \(position(bitOffset)) has no previous length to repeat."
    case .codeLengthRepeatOverflow(let bitOffset):
      "The code-length repeat at \(position(bitOffset)) runs past the declared number of codes."
    case .missingEndOfBlockCode(let bitOffset):
      "The dynamic block header at \(position(bitOffset)) gives the end-of-block symbol no code."
    case .invalidLiteralLengthSymbol(let symbol, let bitOffset):
      "The literal/length symbol \(symbol) at \(position(bitOffset)) is invalid."
    case .invalidDistanceSymbol(let symbol, let bitOffset):
      "The distance symbol \(symbol) at \(position(bitOffset)) is invalid."
    case .unassignedCode(let table, let bitOffset):
      "The bits at \(position(bitOffset)) match no \(table) code."
    case .distanceTooFarBack(let distance, let available, let bitOffset):
      "The match at \(position(bitOffset)) refers \(distance) bytes back, but only \(available) bytes precede it."
    case .outputLimitExceeded(let limit):
      "The decompressed output would exceed the limit of \(limit) bytes."
    case .outputLongerThanExpected(let expected):
      "The decompressed output would exceed the expected size of \(expected) bytes."
    case .outputShorterThanExpected(let expected, let actual):
      "The stream ended after \(actual) decompressed bytes; \(expected) were expected."
    case .checksumMismatch(let expected, let computed, let byteOffset):
      "The Adler-32 trailer at byte \(byteOffset) is \(hex(expected)), but the output's checksum is \(hex(computed))."
    }
  }
}

/// Formats a bit offset as "byte B, bit b".
private func position(_ bitOffset: Int) -> String {
  "byte \(bitOffset >> 3), bit \(bitOffset & 7)"
}

/// Formats an unsigned integer as "0x..." hexadecimal.
private func hex<T: BinaryInteger>(_ value: T) -> String {
  "0x" + String(value, radix: 16, uppercase: true)
}
