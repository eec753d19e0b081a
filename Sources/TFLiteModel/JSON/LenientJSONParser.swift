/// The parser behind ``LenientJSON``: a byte-level, non-recursive recursive-descent parser.
///
/// Nesting is tracked on an explicit stack of open containers, so deep input cannot
/// overflow the call stack; the depth limit bounds that stack.
struct LenientJSONParser {
  /// One array or object that has been opened but not yet closed.
  private struct OpenContainer {
    /// `true` for an object, `false` for an array.
    let isObject: Bool
    /// Elements of an array.
    var elements: [JSONValue] = []
    /// Members of an object.
    var object = JSONObject()
    /// For an object: the key whose value is being parsed.
    var pendingKey = ""

    /// The closing bracket.
    var closer: UInt8 { isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }

    /// The finished value.
    func finish() -> JSONValue {
      isObject ? .object(object) : .array(elements)
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  /// Where the document starts: 3 if there is a byte order mark, else 0.
  private let start: Int
  private var index: Int
  /// Reused buffer for strings that contain escapes.
  private var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    let hasBOM =
      bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    self.start = hasBOM ? 3 : 0
    self.index = start
  }

  // MARK: Document structure

  /// Parses the whole input as one value followed only by whitespace and comments.
  mutating func parseDocument() throws(JSONError) -> JSONValue {
    var stack: [OpenContainer] = []
    while true {
      // Nil when a container was opened: its first element comes next.
      guard var value = try parseValueOrOpen(&stack) else { continue }
      // A value is complete: add it to the innermost open container and close
      // containers for as long as closing brackets follow.
      while true {
        guard var container = stack.popLast() else {
          try skipWhitespace()
          guard index >= bytes.count else { throw .trailingContent(at: position(of: index)) }
          return value
        }
        if container.isObject {
          _ = container.object.appendNew(key: container.pendingKey, value: value)
        } else {
          container.elements.append(value)
        }
        guard let finished = try closeOrContinue(&container) else {
          stack.append(container)
          break
        }
        value = finished
      }
    }
  }

  /// Parses the value at the current position; for an array or object that is not empty,
  /// pushes it onto `stack` (with its first key read) and returns nil instead.
  private mutating func parseValueOrOpen(_ stack: inout [OpenContainer]) throws(JSONError)
    -> JSONValue?
  {
    try skipWhitespace()
    guard index < bytes.count else { throw endOfInput(expected: "a value") }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard stack.count < maxDepth else {
        throw .nestingTooDeep(limit: maxDepth, at: position(of: index))
      }
      let isObject = byte == UInt8(ascii: "{")
      var container = OpenContainer(isObject: isObject)
      index += 1
      try skipWhitespace()
      if index < bytes.count && bytes[index] == container.closer {
        index += 1
        return container.finish()
      }
      if isObject {
        container.pendingKey = try parseKey(in: container.object)
      }
      stack.append(container)
      return nil
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw .unexpectedCharacter(found: byte, expected: "a value", at: position(of: index))
    }
  }

  /// After an element of `container`: reads its closing bracket (also after a trailing comma)
  /// and returns the finished value, or reads the `,` (and, in an object, the next key) and
  /// returns nil when another element follows.
  private mutating func closeOrContinue(_ container: inout OpenContainer) throws(JSONError)
    -> JSONValue?
  {
    try skipWhitespace()
    let expected = container.isObject ? "',' or '}'" : "',' or ']'"
    guard index < bytes.count else { throw endOfInput(expected: expected) }
    let next = bytes[index]
    if next == container.closer {
      index += 1
      return container.finish()
    }
    guard next == UInt8(ascii: ",") else {
      throw .unexpectedCharacter(found: next, expected: expected, at: position(of: index))
    }
    index += 1
    try skipWhitespace()
    if index < bytes.count && bytes[index] == container.closer {
      // A trailing comma.
      index += 1
      return container.finish()
    }
    if container.isObject {
      container.pendingKey = try parseKey(in: container.object)
    }
    return nil
  }

  /// Parses `"key" :` (with whitespace around the colon), rejecting a key that `object`
  /// already has.
  private mutating func parseKey(in object: JSONObject) throws(JSONError) -> String {
    guard index < bytes.count else { throw endOfInput(expected: "a string key") }
    let keyStart = index
    guard bytes[index] == UInt8(ascii: "\"") else {
      throw .unexpectedCharacter(
        found: bytes[index], expected: "a string key or '}'", at: position(of: index))
    }
    let key = try parseString()
    if object.contains(key: key) {
      throw .duplicateKey(key, at: position(of: keyStart))
    }
    try skipWhitespace()
    guard index < bytes.count else { throw endOfInput(expected: "':'") }
    guard bytes[index] == UInt8(ascii: ":") else {
      throw .unexpectedCharacter(found: bytes[index], expected: "':'", at: position(of: index))
    }
    index += 1
    return key
  }

  /// Skips spaces, tabs, line feeds, carriage returns and comments.
  private mutating func skipWhitespace() throws(JSONError) {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      case UInt8(ascii: "/"):
        let commentStart = index
        guard index + 1 < bytes.count else {
          throw endOfInput(expected: "'/' or '*' starting a comment")
        }
        let second = bytes[index + 1]
        if second == UInt8(ascii: "/") {
          index += 2
          while index < bytes.count && bytes[index] != 0x0A {
            index += 1
          }
        } else if second == UInt8(ascii: "*") {
          index += 2
          while true {
            guard index + 1 < bytes.count else {
              throw .unterminatedComment(at: position(of: commentStart))
            }
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
              index += 2
              break
            }
            index += 1
          }
        } else {
          throw .unexpectedCharacter(
            found: second, expected: "'/' or '*' starting a comment",
            at: position(of: index + 1))
        }
      default:
        return
      }
    }
  }

  /// Consumes `literal` (`true`, `false` or `null`) exactly.
  private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    let description = "\(literal)"
    for expectedByte in text {
      guard index < bytes.count else { throw endOfInput(expected: "'\(description)'") }
      guard bytes[index] == expectedByte else {
        throw .unexpectedCharacter(
          found: bytes[index], expected: "'\(description)'", at: position(of: index))
      }
      index += 1
    }
  }

  // MARK: Numbers

  /// Parses a number per the RFC 8259 grammar and keeps its text.
  private mutating func parseNumber() throws(JSONError) -> JSONNumber {
    let numberStart = index
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw .invalidNumber(reason: "expected a digit", at: position(of: index))
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && isDigit(bytes[index]) {
        throw .invalidNumber(reason: "leading zeros are not allowed", at: position(of: index))
      }
    } else {
      skipDigits()
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw .invalidNumber(
          reason: "expected a digit after the decimal point", at: position(of: index))
      }
      skipDigits()
    }
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw .invalidNumber(reason: "expected a digit in the exponent", at: position(of: index))
      }
      skipDigits()
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[numberStart..<index]), as: UTF8.self)
    return JSONNumber(validatedText: text)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  private mutating func skipDigits() {
    while index < bytes.count && isDigit(bytes[index]) {
      index += 1
    }
  }

  // MARK: Strings

  /// Parses a string starting at its opening quote; leaves `index` after the closing quote.
  private mutating func parseString() throws(JSONError) -> String {
    let quote = index
    index += 1
    // Fast path: no escapes, so the string is the source bytes (validated as UTF-8).
    var cursor = index
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[index..<cursor]), as: UTF8.self)
        index = cursor + 1
        return text
      }
      if byte == UInt8(ascii: "\\") {
        break
      }
      cursor += try validatedCharacterLength(at: cursor)
    }
    guard cursor < bytes.count else { throw .unterminatedString(at: position(of: quote)) }

    // Slow path: decode escapes into the scratch buffer.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<cursor]))
    index = cursor
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        try decodeEscape()
      } else {
        let length = try validatedCharacterLength(at: index)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        index += length
      }
    }
    throw .unterminatedString(at: position(of: quote))
  }

  /// Decodes the escape sequence at `index` (a backslash) into `scratch`.
  private mutating func decodeEscape() throws(JSONError) {
    let backslash = index
    guard index + 1 < bytes.count else { throw endOfInput(expected: "an escape sequence") }
    let decoded: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"):
      let first = try hexCodeUnit(at: backslash)
      index = backslash + 6
      var scalarValue = UInt32(first)
      if first >= 0xD800 && first <= 0xDBFF {
        // A high surrogate must be followed by `\u` and a low surrogate.
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw .loneSurrogate(codeUnit: first, at: position(of: backslash))
        }
        let second = try hexCodeUnit(at: index)
        guard second >= 0xDC00 && second <= 0xDFFF else {
          throw .loneSurrogate(codeUnit: first, at: position(of: backslash))
        }
        scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        index += 6
      } else if first >= 0xDC00 && first <= 0xDFFF {
        throw .loneSurrogate(codeUnit: first, at: position(of: backslash))
      }
      appendUTF8(scalarValue)
      return
    default:
      throw .invalidEscape(at: position(of: backslash))
    }
    scratch.append(decoded)
    index += 2
  }

  /// Reads the four hex digits of the `\uXXXX` escape whose backslash is at `escapeStart`.
  private func hexCodeUnit(at escapeStart: Int) throws(JSONError) -> UInt16 {
    guard escapeStart + 6 <= bytes.count else {
      throw .invalidUnicodeEscape(at: position(of: escapeStart))
    }
    var value: UInt16 = 0
    for offset in 2..<6 {
      let byte = bytes[escapeStart + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .invalidUnicodeEscape(at: position(of: escapeStart))
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate) to `scratch`.
  private mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(value))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | (value >> 6)))
      scratch.append(UInt8(0x80 | (value & 0x3F)))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | (value >> 12)))
      scratch.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (value & 0x3F)))
    default:
      scratch.append(UInt8(0xF0 | ((value >> 18) & 0x07)))
      scratch.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
      scratch.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (value & 0x3F)))
    }
  }

  /// The length of the unescaped string character at `offset` (1 to 4 bytes), after
  /// checking that it is not a control character and is well-formed UTF-8.
  private func validatedCharacterLength(at offset: Int) throws(JSONError) -> Int {
    let lead = bytes[offset]
    if lead < 0x80 {
      guard lead >= 0x20 else {
        throw .controlCharacterInString(byte: lead, at: position(of: offset))
      }
      return 1
    }
    // Allowed range of the first continuation byte, and the sequence length (RFC 3629).
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: throw .invalidUTF8(at: position(of: offset))
    }
    guard offset + length <= bytes.count else { throw .invalidUTF8(at: position(of: offset)) }
    let first = bytes[offset + 1]
    guard first >= low && first <= high else { throw .invalidUTF8(at: position(of: offset)) }
    for continuation in (offset + 2)..<(offset + length) where bytes[continuation] & 0xC0 != 0x80 {
      throw .invalidUTF8(at: position(of: offset))
    }
    return length
  }

  // MARK: Positions

  private func endOfInput(expected: String) -> JSONError {
    .unexpectedEndOfInput(expected: expected, at: position(of: bytes.count))
  }

  /// Computes line and column of a byte offset (only when reporting an error).
  private func position(of offset: Int) -> JSONPosition {
    var line = 1
    var column = 1
    var cursor = start
    let end = min(offset, bytes.count)
    while cursor < end {
      let byte = bytes[cursor]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      cursor += 1
    }
    return JSONPosition(offset: offset, line: line, column: column)
  }
}
