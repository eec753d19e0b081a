import TFLiteModel
import Testing

private func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONError) -> JSONValue
{
  try LenientJSON.parse(Array(text.utf8), limits: limits)
}

/// The error thrown for `text`, or nil if it parsed.
private func parseError(_ text: String, limits: JSONLimits = JSONLimits()) -> JSONError? {
  do {
    _ = try parse(text, limits: limits)
    return nil
  } catch {
    return error
  }
}

@Suite("Lenient JSON")
struct LenientJSONTests {
  // MARK: Values

  @Test func scalars() throws {
    #expect(try parse("null") == .null)
    #expect(try parse(" true ") == .bool(true))
    #expect(try parse("\n\tfalse\r\n") == .bool(false))
    #expect(try parse("\"hi\"").stringValue == "hi")
    #expect(try parse("42").numberValue?.text == "42")
    #expect(try parse("42").numberValue?.int64Value == 42)
    #expect(try parse("[]") == .array([]))
    #expect(try parse("{}") == .object(JSONObject()))
    #expect(try parse("{}").kindName == "object")
  }

  @Test func objectsKeepKeyOrder() throws {
    let value = try parse(#"{"b": 1, "a": [true, null, {"c": "d"}], "": 2.5}"#)
    let object = try #require(value.objectValue)
    #expect(object.keys == ["b", "a", ""])
    #expect(object.count == 3)
    #expect(object["b"]?.numberValue?.text == "1")
    #expect(value["a"]?[0] == .bool(true))
    #expect(value["a"]?[1]?.isNull == true)
    #expect(value["a"]?[2]?["c"]?.stringValue == "d")
    #expect(value["a"]?[3] == nil)
    #expect(value["a"]?[-1] == nil)
    #expect(value[""]?.doubleValue == 2.5)
    #expect(value["missing"] == nil)
    #expect(object.members.map(\.key) == ["b", "a", ""])
    // Same members in another order: a different object.
    #expect(try parse(#"{"a":1,"b":2}"#) != parse(#"{"b":2,"a":1}"#))
    #expect(try parse(#"{"a":1,"b":2}"#) == parse(#" { "a" : 1 , "b" : 2 } "#))
  }

  // MARK: Strings

  @Test func everyEscape() throws {
    let value = try parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \ud83d\ude00 \u0000""#)
    #expect(value.stringValue == "\" \\ / \u{08} \u{0C} \n \r \t A é € 😀 \u{0}")
    #expect(try parse(#""\uD834\uDD1E""#).stringValue == "𝄞")
  }

  @Test func rawUTF8IsKept() throws {
    #expect(try parse("\"héllo wörld 😀 日本\"").stringValue == "héllo wörld 😀 日本")
  }

  @Test func stringErrors() {
    #expect(parseError(#""\x""#) == .invalidEscape(at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError(#""\u12G4""#)
        == .invalidUnicodeEscape(at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError(#""\u12""#)
        == .invalidUnicodeEscape(at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError(#""\ud83d""#)
        == .loneSurrogate(codeUnit: 0xD83D, at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError(#""\ud83d\u0041""#)
        == .loneSurrogate(codeUnit: 0xD83D, at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError(#"["x\ude00"]"#)
        == .loneSurrogate(codeUnit: 0xDE00, at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("\"a\tb\"")
        == .controlCharacterInString(byte: 0x09, at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("[\"abc") == .unterminatedString(at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError("\"ab\\")
        == .unexpectedEndOfInput(
          expected: "an escape sequence", at: JSONPosition(offset: 4, line: 1, column: 5)))
    #expect(
      parseError("\"\\u") == .invalidUnicodeEscape(at: JSONPosition(offset: 1, line: 1, column: 2)))
  }

  @Test func invalidUTF8InStrings() {
    let cases: [[UInt8]] = [
      [0x22, 0xFF, 0x22],  // never valid
      [0x22, 0xC3, 0x22],  // truncated 2-byte sequence
      [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
      [0x22, 0xE2, 0x82],  // truncated at end of input
    ]
    for bytes in cases {
      #expect(throws: JSONError.invalidUTF8(at: JSONPosition(offset: 1, line: 1, column: 2))) {
        try LenientJSON.parse(bytes)
      }
    }
    // Also after an escape (the slow path).
    #expect(throws: JSONError.invalidUTF8(at: JSONPosition(offset: 3, line: 1, column: 4))) {
      try LenientJSON.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22])
    }
  }

  // MARK: Numbers

  @Test func numbers() throws {
    let value = try parse(
      "[0, -0, 12, -3.25, 1e3, 2E-2, 6.02e+23, 1e400, -1e400, 1e-400, 9223372036854775808]")
    let numbers = try #require(value.arrayValue).compactMap(\.numberValue)
    #expect(
      numbers.map(\.text) == [
        "0", "-0", "12", "-3.25", "1e3", "2E-2", "6.02e+23", "1e400", "-1e400", "1e-400",
        "9223372036854775808",
      ])
    #expect(numbers[1].doubleValue == 0 && numbers[1].doubleValue.sign == .minus)
    #expect(numbers[1].int64Value == 0)
    #expect(numbers[2].int64Value == 12)
    #expect(numbers[3].doubleValue == -3.25 && numbers[3].int64Value == nil)
    #expect(numbers[4].doubleValue == 1000 && numbers[4].int64Value == nil)
    #expect(numbers[5].doubleValue == 0.02)
    #expect(numbers[6].doubleValue == 6.02e23)
    // Overflow is not an error: the text is kept and the Double is infinite.
    #expect(numbers[7].doubleValue == .infinity)
    #expect(numbers[8].doubleValue == -.infinity)
    #expect(numbers[9].doubleValue == 0)
    #expect(numbers[10].int64Value == nil)
    #expect(numbers[10].doubleValue == 9223372036854775808.0)
  }

  @Test func numberErrors() {
    #expect(
      parseError("01")
        == .invalidNumber(
          reason: "leading zeros are not allowed", at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError("[-]")
        == .invalidNumber(
          reason: "expected a digit", at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("1.")
        == .invalidNumber(
          reason: "expected a digit after the decimal point",
          at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("1e+")
        == .invalidNumber(
          reason: "expected a digit in the exponent",
          at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("+1")
        == .unexpectedCharacter(
          found: 0x2B, expected: "a value", at: JSONPosition(offset: 0, line: 1, column: 1)))
    #expect(
      parseError(".5")
        == .unexpectedCharacter(
          found: 0x2E, expected: "a value", at: JSONPosition(offset: 0, line: 1, column: 1)))
    #expect(parseError("NaN") != nil)
    #expect(parseError("Infinity") != nil)
    #expect(parseError("1x") == .trailingContent(at: JSONPosition(offset: 1, line: 1, column: 2)))
  }

  // MARK: Leniency

  @Test func trailingCommas() throws {
    #expect(try parse("[1, 2,]") == parse("[1, 2]"))
    #expect(try parse("{\"a\": 1,}") == parse("{\"a\": 1}"))
    #expect(try parse("{\"a\": [1,\n],\n}")["a"]?.arrayValue?.count == 1)
    #expect(
      parseError("[,]")
        == .unexpectedCharacter(
          found: 0x2C, expected: "a value", at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError("[1,,]")
        == .unexpectedCharacter(
          found: 0x2C, expected: "a value", at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("{,}")
        == .unexpectedCharacter(
          found: 0x2C, expected: "a string key or '}'",
          at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(
      parseError("[1 2]")
        == .unexpectedCharacter(
          found: 0x32, expected: "',' or ']'", at: JSONPosition(offset: 3, line: 1, column: 4)))
  }

  @Test func byteOrderMark() throws {
    let value = try LenientJSON.parse([0xEF, 0xBB, 0xBF] + Array(#"{"k": "v"}"#.utf8))
    #expect(value["k"]?.stringValue == "v")
    // Columns do not count the BOM; offsets do.
    #expect(
      throws: JSONError.unexpectedCharacter(
        found: 0x78, expected: "a value", at: JSONPosition(offset: 4, line: 1, column: 2))
    ) {
      try LenientJSON.parse([0xEF, 0xBB, 0xBF] + Array(" x".utf8))
    }
    // Only at the start.
    #expect(throws: JSONError.self) {
      try LenientJSON.parse(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8))
    }
  }

  @Test func comments() throws {
    let text = """
      // leading comment
      {
        "a": 1, // line comment
        /* block
           comment */ "b": /**/ [2 /* inside */, 3],
      } // trailing
      """
    let value = try parse(text)
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value["b"]?.arrayValue?.count == 2)
    #expect(try parse("1//") == parse("1"))
    #expect(
      parseError("[1 /* open")
        == .unterminatedComment(at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("[1 /x]")
        == .unexpectedCharacter(
          found: 0x78, expected: "'/' or '*' starting a comment",
          at: JSONPosition(offset: 4, line: 1, column: 5)))
    #expect(
      parseError("1 /")
        == .unexpectedEndOfInput(
          expected: "'/' or '*' starting a comment", at: JSONPosition(offset: 3, line: 1, column: 4)
        ))
    #expect(
      parseError("/* ok */ // \"x\"")
        == .unexpectedEndOfInput(
          expected: "a value", at: JSONPosition(offset: 15, line: 1, column: 16)))
  }

  // MARK: Errors and positions

  @Test func positionsCountLinesAndScalars() {
    let error = parseError("{\n  \"é😀\": tru\n}")
    #expect(
      error
        == .unexpectedCharacter(
          found: 0x0A, expected: "'true'", at: JSONPosition(offset: 17, line: 2, column: 12)))
    #expect(
      error?.description == "Unexpected byte 0x0A at line 2, column 12 (byte 17); expected 'true'.")
    #expect(error?.position?.line == 2)
    #expect(
      parseError("[1,\r\n 2,\r\n x]")?.position == JSONPosition(offset: 11, line: 3, column: 2))
  }

  @Test func structuralErrors() {
    #expect(
      parseError("")
        == .unexpectedEndOfInput(
          expected: "a value", at: JSONPosition(offset: 0, line: 1, column: 1)))
    #expect(
      parseError("   ")
        == .unexpectedEndOfInput(
          expected: "a value", at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("[1")
        == .unexpectedEndOfInput(
          expected: "',' or ']'", at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("{\"a\"")
        == .unexpectedEndOfInput(expected: "':'", at: JSONPosition(offset: 4, line: 1, column: 5)))
    #expect(
      parseError("{\"a\" 1}")
        == .unexpectedCharacter(
          found: 0x31, expected: "':'", at: JSONPosition(offset: 5, line: 1, column: 6)))
    #expect(
      parseError("{a: 1}")
        == .unexpectedCharacter(
          found: 0x61, expected: "a string key or '}'",
          at: JSONPosition(offset: 1, line: 1, column: 2)))
    #expect(parseError("{'a': 1}") != nil)
    #expect(parseError("[1]]") == .trailingContent(at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("{} {}") == .trailingContent(at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("[1}")
        == .unexpectedCharacter(
          found: 0x7D, expected: "',' or ']'", at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("nul")
        == .unexpectedEndOfInput(
          expected: "'null'", at: JSONPosition(offset: 3, line: 1, column: 4)))
    #expect(
      parseError("trUe")
        == .unexpectedCharacter(
          found: 0x55, expected: "'true'", at: JSONPosition(offset: 2, line: 1, column: 3)))
    #expect(
      parseError("[\u{7F}]")
        == .unexpectedCharacter(
          found: 0x7F, expected: "a value", at: JSONPosition(offset: 1, line: 1, column: 2)))
  }

  @Test func duplicateKeysAreRejected() {
    let error = parseError("{\"a\": 1,\n \"b\": {\"a\": 2},\n \"a\": 3}")
    #expect(error == .duplicateKey("a", at: JSONPosition(offset: 26, line: 3, column: 2)))
    #expect(error?.description.contains("\"a\"") == true)
  }

  // MARK: Limits

  @Test func nestingLimit() throws {
    let maximal = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
    #expect(try parse(maximal).arrayValue?.count == 1)
    let tooDeep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
    #expect(
      parseError(tooDeep)
        == .nestingTooDeep(limit: 128, at: JSONPosition(offset: 128, line: 1, column: 129)))
    let objects = String(repeating: "{\"k\":", count: 3) + "1" + String(repeating: "}", count: 3)
    #expect(
      try parse(objects, limits: JSONLimits(maxDepth: 3))["k"]?["k"]?["k"]?.numberValue?.text == "1"
    )
    #expect(
      parseError(objects, limits: JSONLimits(maxDepth: 2))
        == .nestingTooDeep(limit: 2, at: JSONPosition(offset: 10, line: 1, column: 11)))
    #expect(try parse("7", limits: JSONLimits(maxDepth: 0)).numberValue?.int64Value == 7)
    // A million open brackets: rejected quickly, no stack overflow.
    let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(
      throws: JSONError.nestingTooDeep(
        limit: 128, at: JSONPosition(offset: 128, line: 1, column: 129))
    ) {
      try LenientJSON.parse(hostile)
    }
    // Larger limits are capped at maxSupportedDepth (1000).
    let huge = JSONLimits(maxDepth: 200_000)
    let deepest =
      [UInt8](repeating: UInt8(ascii: "["), count: 1000)
      + [UInt8](repeating: UInt8(ascii: "]"), count: 1000)
    let parsed = try LenientJSON.parse(deepest, limits: huge)
    #expect(parsed == (try LenientJSON.parse(deepest, limits: huge)))
    let beyondCap =
      [UInt8](repeating: UInt8(ascii: "["), count: 1001)
      + [UInt8](repeating: UInt8(ascii: "]"), count: 1001)
    #expect(
      throws: JSONError.nestingTooDeep(
        limit: 1000, at: JSONPosition(offset: 1000, line: 1, column: 1001))
    ) {
      try LenientJSON.parse(beyondCap, limits: huge)
    }
  }

  @Test func inputSizeLimit() throws {
    #expect(
      parseError("[1, 2]", limits: JSONLimits(maxInputBytes: 5))
        == .inputTooLarge(byteCount: 6, limit: 5))
    #expect(try parse("[1, 2]", limits: JSONLimits(maxInputBytes: 6)).arrayValue?.count == 2)
    let huge = [UInt8](repeating: 0x20, count: (8 << 20) + 1)
    #expect(throws: JSONError.inputTooLarge(byteCount: 8_388_609, limit: 8_388_608)) {
      try LenientJSON.parse(huge)
    }
    #expect(JSONError.inputTooLarge(byteCount: 6, limit: 5).position == nil)
  }

  @Test func largeValidInput() throws {
    // 100,000 members parse in linear time.
    var text = "{"
    for i in 0..<100_000 { text += "\"k\(i)\": [\(i), \"v\\n\(i)\"]," }
    text += "}"
    let object = try #require(parse(text).objectValue)
    #expect(object.count == 100_000)
    #expect(object["k99999"]?[1]?.stringValue == "v\n99999")
  }

  @Test func slicesAndNonContiguousCollections() throws {
    let bytes = Array("xx[1, {\"a\": \"b\"}]".utf8)
    #expect(try LenientJSON.parse(bytes[2...])[1]?["a"]?.stringValue == "b")
    #expect(try LenientJSON.parse(AnyCollection(bytes[2...]))[1]?["a"]?.stringValue == "b")
    // Offsets are relative to the slice.
    #expect(throws: JSONError.trailingContent(at: JSONPosition(offset: 2, line: 1, column: 3))) {
      try LenientJSON.parse(Array("xx1 x".utf8)[2...])
    }
  }
}
