/// Which operator an `Operator` runs (`OperatorCode` in the TFLite schema).
public struct OperatorCode: Sendable, Equatable {
  /// The effective builtin code: `max(deprecated_builtin_code, builtin_code)`, as TFLite reads it
  /// (old files only set the 8-bit deprecated field; codes above 127 only fit the new one).
  public internal(set) var builtinCode: BuiltinOperator
  /// The 8-bit `deprecated_builtin_code` as stored.
  public internal(set) var deprecatedBuiltinCode: Int8
  /// The 32-bit `builtin_code` as stored.
  public internal(set) var storedBuiltinCode: Int32
  /// The custom operator's name when ``builtinCode`` is `CUSTOM`, e.g. `TFLite_Detection_PostProcess`.
  public internal(set) var customCode: String?
  /// The operator version (schema default 1).
  public internal(set) var version: Int

  /// True for custom operators.
  public var isCustom: Bool { builtinCode == .custom }

  /// The name to show: the builtin name, or `CUSTOM:<custom code>`.
  public var name: String {
    isCustom ? "CUSTOM:\(customCode ?? "")" : builtinCode.name
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    deprecatedBuiltinCode = try t.integer(0, "deprecated_builtin_code", default: Int8(0))
    customCode = try t.string(1, "custom_code")
    version = Int(try t.integer(2, "version", default: Int32(1)))
    storedBuiltinCode = try t.integer(3, "builtin_code", default: Int32(0))
    builtinCode = BuiltinOperator(
      rawValue: Swift.max(Int32(deprecatedBuiltinCode), storedBuiltinCode))
  }
}
