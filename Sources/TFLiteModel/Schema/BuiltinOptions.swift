/// The `builtin_options` of an operator: its union tag and, for the tags Ocellus decodes, the
/// typed options.
///
/// Read the options as the type the operator uses with ``decoded(as:)``:
///
/// ```swift
/// if let conv = op.builtinOptions.decoded(as: Conv2DOptions.self) { print(conv.strideWidth) }
/// ```
///
/// Every other tag is verified against the schema and kept with ``type`` only, so the model
/// still loads and the interpreter can report exactly which option set it does not handle.
/// An absent table decodes as all defaults.
public struct BuiltinOptions: Sendable, Equatable {
  /// The union type tag (``BuiltinOptionsType/noOptions`` when the operator has none).
  public internal(set) var type: BuiltinOptionsType
  /// The decoded options, nil for NONE and the tags not decoded.
  private var value: (any BuiltinOptionsTable)?

  /// The union type tag's schema name (`Conv2DOptions`, …).
  public var typeName: String { type.name }

  /// The options as `T`, or nil when ``type`` is not one of the tags `T` decodes
  /// (``BuiltinOptionsTable/tags``), NONE included.
  public func decoded<T: BuiltinOptionsTable>(as _: T.Type) -> T? {
    value as? T
  }

  /// Decodes the union value `table` (nil when absent) whose type tag is `type`.
  init(type rawType: UInt8, table: FlatBufferTable?) throws(FlatBufferError) {
    type = BuiltinOptionsType(rawValue: rawType)
    if let decoder = Self.decoders[type] {
      value = try decoder.init(OptionsTableReader(table, tag: type))
    } else {
      value = nil
      if type != .noOptions {
        // Not decoded, but verified against its schema layout.
        try table?.verify(as: type.name, in: .tflite)
      }
    }
  }

  /// Whether both have the same tag and equal decoded options.
  public static func == (lhs: BuiltinOptions, rhs: BuiltinOptions) -> Bool {
    guard lhs.type == rhs.type else { return false }
    switch (lhs.value, rhs.value) {
    case (nil, nil): return true
    case (let left?, let right?): return left.isEqual(to: right)
    default: return false
    }
  }
}
