/// A place in JSON input, used by ``JSONError`` to say where something went wrong.
///
/// Lines end at `"\n"` only (so a `"\r\n"` pair ends one line). Columns count Unicode
/// scalars (UTF-8 lead bytes), not bytes, and a leading UTF-8 byte order mark is not counted.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
  /// 0-based byte offset from the very start of the input (a leading BOM counts as 3 bytes).
  public var offset: Int
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in Unicode scalars from the start of the line.
  public var column: Int

  /// Creates a position from its three coordinates.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The position as English text, e.g. "line 3, column 7 (byte 41)".
  public var description: String {
    "line \(line), column \(column) (byte \(offset))"
  }
}
