/// The type tag of a TFLite `BuiltinOptions` union value, e.g. 1 = `Conv2DOptions`; 0 is NONE.
public struct BuiltinOptionsType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The union's type tag as stored in the file.
  public internal(set) var rawValue: UInt8

  /// Wraps a union type tag.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The schema table name, e.g. `Conv2DOptions`, or `BuiltinOptions<n>` for an unknown tag.
  public var name: String {
    Int(rawValue) < Self.schemaNames.count
      ? Self.schemaNames[Int(rawValue)] : "BuiltinOptions\(rawValue)"
  }

  public var description: String { name }
}
