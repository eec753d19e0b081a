import Inflate

/// Why an image could not be decoded: what was wrong and, where known, the byte offset.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes start with no known image signature.
  case unknownFormat(prefix: [UInt8])
  /// The data ended before `what` was complete; `offset` is where more was needed.
  case truncated(format: ImageFormat, offset: Int, what: String)
  /// The data breaks the format's rules at `offset` (nil when not tied to one place).
  case invalid(format: ImageFormat, offset: Int?, reason: String)
  /// The file is valid but uses a feature this decoder does not implement.
  case unsupported(format: ImageFormat, feature: String)
  /// The `width` × `height` image exceeds `limit`, one of the configured ``DecodeLimits``.
  case tooLarge(format: ImageFormat, width: Int, height: Int, limit: DecodeLimit)
  /// A stored checksum does not match the data (PNG chunk CRC, zlib Adler-32).
  case checksumMismatch(
    format: ImageFormat, offset: Int, what: String, stored: UInt32, computed: UInt32)
  /// The compressed pixel stream is corrupt (PNG IDAT, zTXt, iCCP).
  case compressedData(format: ImageFormat, offset: Int, InflateError)

  public var description: String {
    switch self {
    case .unknownFormat(let prefix):
      let hex = prefix.prefix(8).map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
      }
      return "not a PNG, JPEG or BMP file (starts with \(hex.joined(separator: " ")))"
    case .truncated(let format, let offset, let what):
      return "\(format) data ends at byte \(offset) before \(what) is complete"
    case .invalid(let format, let offset, let reason):
      if let offset { return "invalid \(format) at byte \(offset): \(reason)" }
      return "invalid \(format): \(reason)"
    case .unsupported(let format, let feature):
      return "unsupported \(format) feature: \(feature)"
    case .tooLarge(let format, let width, let height, let limit):
      return "the \(format) image is \(width)×\(height) pixels, over \(limit)"
    case .checksumMismatch(let format, let offset, let what, let stored, let computed):
      return
        "\(format) \(what) at byte \(offset): stored checksum \(hex32(stored)) but the data gives \(hex32(computed))"
    case .compressedData(let format, let offset, let error):
      return "\(format) compressed data starting at byte \(offset): \(error)"
    }
  }
}

private func hex32(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
