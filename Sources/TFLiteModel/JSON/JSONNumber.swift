/// A JSON number, kept exactly as written.
///
/// The text always matches the RFC 8259 number grammar
/// (`-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`). Equality compares the text,
/// so `1.0` and `1` are different numbers even though their ``doubleValue``s are equal.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number's exact source text, e.g. `"-0"`, `"1e400"`, `"3.25"`.
  public let text: String

  /// Wraps text that the parser has already checked against the JSON number grammar.
  init(validatedText: String) {
    self.text = validatedText
  }

  /// An integer, for writing JSON.
  public init(_ value: Int) {
    self.text = String(value)
  }

  /// A `Float` written with the shortest decimal text that reads back as the same `Float`
  /// (e.g. `0.6`, not `0.6000000238418579`), for writing JSON; nil for infinities and NaN,
  /// which JSON cannot express.
  public init?(_ value: Float) {
    guard value.isFinite else { return nil }
    self.text = value.description
  }

  /// A `Double` written with the shortest round-tripping decimal text, for writing JSON;
  /// nil for infinities and NaN.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.text = value.description
  }

  /// The value as the nearest `Double` (correctly rounded).
  ///
  /// Overflow gives `+infinity` or `-infinity` (e.g. `1e400`), underflow gives a signed
  /// zero or a subnormal (e.g. `1e-400` is `0.0`), and `-0` gives `-0.0`. Use ``text`` if
  /// you need to detect these cases.
  public var doubleValue: Double {
    Double(text) ?? .nan
  }

  /// The value as an `Int64`, or `nil` if the text has a fraction or exponent part or the
  /// integer does not fit. `-0` gives `0`.
  public var int64Value: Int64? {
    Int64(text)
  }

  /// The number's source text.
  public var description: String { text }
}
