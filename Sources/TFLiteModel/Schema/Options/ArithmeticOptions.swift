/// Options of the elementwise binary ops `ADD`, `SUB`, `MUL` and `DIV`
/// (`AddOptions`, `SubOptions`, `MulOptions`, `DivOptions` share this shape).
public struct ArithmeticOptions: BuiltinOptionsTable {
  /// The activation fused into the result (NONE when unset).
  public internal(set) var activation: ActivationFunction
  /// int16 `ADD`/`SUB` only: scales are powers of two (schema default true; absent elsewhere).
  public internal(set) var potScaleInt16: Bool

  /// Decodes the options from `table` (every field at its schema default when absent); only
  /// `AddOptions` and `SubOptions` store `pot_scale_int16`.
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    activation = try table.activation(0)
    let hasPotScale = table.tag == .addOptions || table.tag == .subOptions
    potScaleInt16 = hasPotScale ? try table.flag(1, "pot_scale_int16", default: true) : true
  }
}
