/// Why ``LenientJSON/parse(_:limits:)`` rejected its input, and where.
public enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input is larger than ``JSONLimits/maxInputBytes``; nothing was parsed.
  case inputTooLarge(byteCount: Int, limit: Int)
  /// The input ended while `expected` (e.g. "a value", "',' or ']'") was still needed.
  case unexpectedEndOfInput(expected: String, at: JSONPosition)
  /// The byte `found` appeared where `expected` was needed. For a non-ASCII character
  /// `found` is the first byte of its UTF-8 encoding.
  case unexpectedCharacter(found: UInt8, expected: String, at: JSONPosition)
  /// A string was still open at the end of input; the position is its opening quote.
  case unterminatedString(at: JSONPosition)
  /// A `/* ... */` comment was still open at the end of input; the position is its `/*`.
  case unterminatedComment(at: JSONPosition)
  /// A backslash in a string is followed by something other than
  /// `" \ / b f n r t u`; the position is the backslash.
  case invalidEscape(at: JSONPosition)
  /// A `\u` escape is not followed by four hexadecimal digits; the position is the backslash.
  case invalidUnicodeEscape(at: JSONPosition)
  /// A `\u` escape names a UTF-16 surrogate that is not part of a valid high-low pair
  /// (lone surrogates are rejected, not replaced); the position is the escape's backslash.
  case loneSurrogate(codeUnit: UInt16, at: JSONPosition)
  /// A raw control character (U+0000 to U+001F) appears inside a string; it must be escaped.
  case controlCharacterInString(byte: UInt8, at: JSONPosition)
  /// A string contains bytes that are not valid UTF-8; the position is the first bad byte.
  case invalidUTF8(at: JSONPosition)
  /// A number does not follow the JSON number grammar (`reason` says how); the position
  /// is where the problem was found.
  case invalidNumber(reason: String, at: JSONPosition)
  /// Arrays and objects are nested deeper than `limit`: ``JSONLimits/maxDepth``, capped at
  /// ``JSONLimits/maxSupportedDepth``. The position is the bracket that went one level
  /// too deep.
  case nestingTooDeep(limit: Int, at: JSONPosition)
  /// An object repeats a key; the position is the repeated key's opening quote.
  case duplicateKey(String, at: JSONPosition)
  /// Something other than whitespace or comments follows the top-level value.
  case trailingContent(at: JSONPosition)

  /// Where the error was found, or `nil` for ``inputTooLarge(byteCount:limit:)``.
  public var position: JSONPosition? {
    switch self {
    case .inputTooLarge: nil
    case .unexpectedEndOfInput(_, let at), .unexpectedCharacter(_, _, let at),
      .unterminatedString(let at), .unterminatedComment(let at), .invalidEscape(let at),
      .invalidUnicodeEscape(let at), .loneSurrogate(_, let at),
      .controlCharacterInString(_, let at), .invalidUTF8(let at), .invalidNumber(_, let at),
      .nestingTooDeep(_, let at), .duplicateKey(_, let at), .trailingContent(let at):
      at
    }
  }

  /// The error as an English sentence, including the position.
  public var description: String {
    switch self {
    case .inputTooLarge(let byteCount, let limit):
      return "JSON input is \(byteCount) bytes, more than the limit of \(limit) bytes."
    case .unexpectedEndOfInput(let expected, let at):
      return "JSON input ended at \(at) where \(expected) was expected."
    case .unexpectedCharacter(let found, let expected, let at):
      return "Unexpected \(JSONError.describe(byte: found)) at \(at); expected \(expected)."
    case .unterminatedString(let at):
      return "The JSON string starting at \(at) is not terminated."
    case .unterminatedComment(let at):
      return "The comment starting at \(at) is not terminated by '*/'."
    case .invalidEscape(let at):
      return "Invalid escape sequence in a JSON string at \(at)."
    case .invalidUnicodeEscape(let at):
      return "The \\u escape at \(at) is not followed by four hexadecimal digits."
    case .loneSurrogate(let codeUnit, let at):
      let hex = String(codeUnit, radix: 16, uppercase: true)
      return "The \\u escape at \(at) encodes the lone UTF-16 surrogate U+\(hex)."
    case .controlCharacterInString(let byte, let at):
      return
        "Unescaped control character \(JSONError.describe(byte: byte)) in a JSON string at \(at)."
    case .invalidUTF8(let at):
      return "Invalid UTF-8 in a JSON string at \(at)."
    case .invalidNumber(let reason, let at):
      return "Invalid JSON number at \(at): \(reason)."
    case .nestingTooDeep(let limit, let at):
      return "JSON arrays and objects are nested more than \(limit) levels deep at \(at)."
    case .duplicateKey(let key, let at):
      return "The JSON object key \"\(key)\" at \(at) appears more than once."
    case .trailingContent(let at):
      return "Unexpected content after the JSON value at \(at)."
    }
  }

  /// A byte as readable text: `'x'` for printable ASCII, else `byte 0xNN`.
  private static func describe(byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F {
      return "character '\(Character(Unicode.Scalar(byte)))'"
    }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(hex.count < 2 ? "0" + hex : hex)"
  }
}
