/// A small, lenient JSON parser: RFC 8259 plus a few forgiving extensions.
///
/// Accepted beyond RFC 8259:
/// - a leading UTF-8 byte order mark (EF BB BF), which is skipped;
/// - trailing commas before `]` and `}` (`[1, 2,]`, `{"a": 1,}`), but not a lone comma
///   (`[,]`) or two commas in a row;
/// - comments, wherever whitespace is allowed: `// ...` up to the end of the line and
///   `/* ... */` (not nested).
///
/// Still rejected, with a typed ``JSONError`` carrying line and column: single quotes,
/// unquoted keys, `NaN`/`Infinity`, leading `+` or `.` in numbers, leading zeros, raw
/// control characters in strings, invalid UTF-8 inside strings, lone UTF-16 surrogates in
/// `\u` escapes, duplicate object keys (an error rather than "last wins", since either
/// choice would silently drop data), and anything after the top-level value.
///
/// Numbers keep their source text (``JSONNumber``); overflow such as `1e400` is not an
/// error, and ``JSONNumber/doubleValue`` reports it as infinity.
///
/// Time is linear in the input, nesting is handled without recursion, and both input
/// size and nesting depth are limited by ``JSONLimits`` (depth at most
/// ``JSONLimits/maxSupportedDepth``, whatever the limits say).
public enum LenientJSON {
  /// Parses one JSON value from UTF-8 `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The whole document. Any collection works (`[UInt8]`, `ArraySlice<UInt8>`
  ///     with any start index, ...); contiguous ones are read in place.
  ///   - limits: Input size and nesting depth limits.
  /// - Throws: ``JSONError`` saying what was wrong and where.
  public static func parse(
    _ bytes: some Collection<UInt8>, limits: JSONLimits = JSONLimits()
  ) throws(JSONError) -> JSONValue {
    let byteCount = bytes.count
    guard byteCount <= limits.maxInputBytes else {
      throw .inputTooLarge(byteCount: byteCount, limit: limits.maxInputBytes)
    }
    let body = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONError> in
      let maxDepth = min(limits.maxDepth, JSONLimits.maxSupportedDepth)
      var parser = LenientJSONParser(bytes: buffer, maxDepth: maxDepth)
      return Result { () throws(JSONError) -> JSONValue in try parser.parseDocument() }
    }
    if let result = bytes.withContiguousStorageIfAvailable(body) {
      return try result.get()
    }
    return try Array(bytes).withUnsafeBufferPointer(body).get()
  }
}
