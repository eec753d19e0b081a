/// Options of the elementwise binary ops `ADD`, `SUB`, `MUL` and `DIV`
/// (`AddOptions`, `SubOptions`, `MulOptions`, `DivOptions` share this shape).
public struct ArithmeticOptions: Sendable, Equatable {
  public internal(set) var activation: ActivationFunction
  /// int16 `ADD`/`SUB` only: scales are powers of two (schema default true; absent elsewhere).
  public internal(set) var potScaleInt16: Bool

  init(_ table: FlatBufferTable?, hasPotScale: Bool) throws(FlatBufferError) {
    activation = try ActivationFunction(table, fieldID: 0)
    potScaleInt16 = hasPotScale ? try table.flag(1, "pot_scale_int16", default: true) : true
  }
}
