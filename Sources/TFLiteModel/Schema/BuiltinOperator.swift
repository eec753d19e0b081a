/// A TFLite builtin operator code (`BuiltinOperator` in the schema), e.g. ``conv2d`` or ``custom``.
///
/// A struct rather than an enum so that codes from newer schemas still load and can be reported
/// by number; the named constants cover codes 0...209.
public struct BuiltinOperator: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The schema's integer code.
  public internal(set) var rawValue: Int32

  /// Wraps a schema code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The schema name, e.g. `CONV_2D`, or `BUILTIN_<n>` for a code this schema does not know.
  public var name: String {
    guard rawValue >= 0, Int(rawValue) < Self.schemaNames.count else {
      return "BUILTIN_\(rawValue)"
    }
    return Self.schemaNames[Int(rawValue)]
  }

  /// True when the code is one this schema names.
  public var isKnown: Bool { rawValue >= 0 && Int(rawValue) < Self.schemaNames.count }

  public var description: String { name }
}
