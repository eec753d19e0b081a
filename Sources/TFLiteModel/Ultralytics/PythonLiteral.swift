/// A parser for the Python literals `str(dict)` writes: dicts, lists, tuples, quoted strings
/// (single or double quotes, backslash escapes), integers, floats, `True`, `False`, `None`.
///
/// Older Ultralytics exports store their metadata this way. Values become ``JSONValue``s:
/// dict keys that are numbers or Booleans become their source text, tuples become arrays.
/// Anything else (expressions, sets, bytes, f-strings) is a ``JSONError`` with its position.
/// Nesting is limited to ``maxDepth`` and the input to the caller's bytes; no recursion
/// beyond that depth.
struct PythonLiteral {
  /// The deepest nesting accepted.
  static let maxDepth = 32

  private let bytes: [UInt8]
  private var position = 0

  /// Parses the one literal in `bytes` (surrounding whitespace allowed).
  static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    var parser = PythonLiteral(bytes: Array(bytes))
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == parser.bytes.count else {
      throw .trailingContent(at: parser.location(parser.position))
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The position `offset` as line and column (1-based).
  private func location(_ offset: Int) -> JSONPosition {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == UInt8(ascii: "\n") { (line, column) = (line + 1, 1) } else { column += 1 }
    }
    return JSONPosition(offset: offset, line: line, column: column)
  }

  /// The error for finding something other than `expected` at the current position.
  private func error(_ expected: String) -> JSONError {
    guard position < bytes.count else {
      return .unexpectedEndOfInput(expected: expected, at: location(position))
    }
    return .unexpectedCharacter(found: bytes[position], expected: expected, at: location(position))
  }

  private mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
  }

  private mutating func value(depth: Int) throws(JSONError) -> JSONValue {
    skipSpace()
    guard depth < Self.maxDepth else {
      throw .nestingTooDeep(limit: Self.maxDepth, at: location(position))
    }
    guard position < bytes.count else { throw error("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try dictionary(depth: depth)
    case UInt8(ascii: "["): return .array(try items(closing: UInt8(ascii: "]"), depth: depth))
    case UInt8(ascii: "("): return .array(try items(closing: UInt8(ascii: ")"), depth: depth))
    case UInt8(ascii: "'"), UInt8(ascii: "\""): return .string(try string())
    default: return try word()
    }
  }

  private mutating func dictionary(depth: Int) throws(JSONError) -> JSONValue {
    position += 1
    var object = JSONObject()
    while true {
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(object)
      }
      let keyStart = position
      guard let key = Self.keyText(try value(depth: depth + 1)) else {
        position = keyStart
        throw error("a string, number or Boolean key")
      }
      try expect(UInt8(ascii: ":"))
      guard object.appendNew(key: key, value: try value(depth: depth + 1)) else {
        throw .duplicateKey(key, at: location(keyStart))
      }
      try separator(closing: UInt8(ascii: "}"))
    }
  }

  private mutating func items(closing: UInt8, depth: Int) throws(JSONError) -> [JSONValue] {
    position += 1
    var values: [JSONValue] = []
    while true {
      skipSpace()
      if position < bytes.count, bytes[position] == closing {
        position += 1
        return values
      }
      values.append(try value(depth: depth + 1))
      try separator(closing: closing)
    }
  }

  /// After a member: a comma, or the closing bracket (left for the caller's loop).
  private mutating func separator(closing: UInt8) throws(JSONError) {
    skipSpace()

    if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
      position += 1
    } else if position >= bytes.count || bytes[position] != closing {
      throw error("',' or '\(Character(Unicode.Scalar(closing)))'")
    }
  }

  private mutating func expect(_ byte: UInt8) throws(JSONError) {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else {
      throw error("'\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  /// A number, `True`, `False` or `None`.
  private mutating func word() throws(JSONError) -> JSONValue {
    let start = position
    while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    switch text {
    case "True": return .bool(true)
    case "False": return .bool(false)
    case "None": return .null
    default:
      guard let number = Double(text), number.isFinite else {
        position = start
        throw error("a number, string, container, True, False or None")
      }
      return .number(Int(text).map(JSONNumber.init) ?? JSONNumber(number) ?? JSONNumber(0))
    }
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "_")].contains(byte)
  }

  private static func keyText(_ key: JSONValue) -> String? {
    switch key {
    case .string(let text): text
    case .number(let number): number.text
    case .bool(let value): value ? "True" : "False"
    default: nil
    }
  }

  /// A quoted string (the quote at the current position), escapes decoded.
  private mutating func string() throws(JSONError) -> String {
    let quote = bytes[position]
    let start = position
    position += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    while position < bytes.count, bytes[position] != quote {
      let byte = bytes[position]
      guard byte != UInt8(ascii: "\\") else {
        try flush(&run, into: &scalars)
        scalars.append(try escape())
        continue
      }
      guard byte != 0x0A else { break }
      run.append(byte)
      position += 1
    }
    guard position < bytes.count, bytes[position] == quote else {
      throw .unterminatedString(at: location(start))
    }
    position += 1
    try flush(&run, into: &scalars)
    return String(scalars)
  }

  /// Appends the UTF-8 bytes of `run` as scalars and empties it.
  private func flush(
    _ run: inout [UInt8], into scalars: inout String.UnicodeScalarView
  ) throws(JSONError) {
    guard let text = String(validating: run, as: UTF8.self) else {
      throw .invalidUTF8(at: location(position))
    }
    scalars.append(contentsOf: text.unicodeScalars)
    run.removeAll(keepingCapacity: true)
  }

  /// The escape at the current backslash: `\\ \' \" \n \t \r \0 \xHH \uHHHH \UHHHHHHHH`.
  private mutating func escape() throws(JSONError) -> Unicode.Scalar {
    let start = position
    guard position + 1 < bytes.count else { throw .invalidEscape(at: location(start)) }
    let letter = bytes[position + 1]
    position += 2
    switch letter {
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "0"): return "\0"
    case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): return Unicode.Scalar(letter)
    case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
      let digits = letter == UInt8(ascii: "x") ? 2 : letter == UInt8(ascii: "u") ? 4 : 8
      guard position + digits <= bytes.count,
        let code = UInt32(
          String(decoding: bytes[position..<position + digits], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(code)
      else { throw .invalidUnicodeEscape(at: location(start)) }
      position += digits
      return scalar
    default: throw .invalidEscape(at: location(start))
    }
  }
}
