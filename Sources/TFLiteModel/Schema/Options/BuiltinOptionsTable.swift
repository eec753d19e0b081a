/// A decoded builtin options table: the typed options of one or more operators
/// (``Conv2DOptions`` for `CONV_2D`, ``ArithmeticOptions`` for `ADD`, `SUB`, `MUL` and `DIV`, …).
///
/// Read one from an operator with ``BuiltinOptions/decoded(as:)``. Which union tags a type
/// decodes is listed once, in `tools/generate-schema-tables.py`, which generates the table
/// ``BuiltinOptions`` decodes with; ``tags`` reads it back.
public protocol BuiltinOptionsTable: Sendable, Equatable {
  /// Decodes the options from `table`, stored under one of ``tags``; every field the model
  /// leaves out (or all of them, when it stores no table) reads as the schema's default.
  init(_ table: OptionsTableReader) throws(FlatBufferError)
}

extension BuiltinOptionsTable {
  /// The `BuiltinOptions` union tags this type decodes, e.g. `[.conv2DOptions]`.
  public static var tags: [BuiltinOptionsType] {
    BuiltinOptions.decoders.filter { ObjectIdentifier($0.value) == ObjectIdentifier(Self.self) }
      .keys.sorted { $0.rawValue < $1.rawValue }
  }

  /// The options of an operator whose model stores no table: every field at its schema
  /// default, as TFLite reads a missing table.
  public static var defaults: Self {
    do {
      return try Self(OptionsTableReader(nil, tag: tags.first ?? .noOptions))
    } catch {
      // Unreachable: an absent table has no bytes to read, so no read fails.
      preconditionFailure("\(Self.self) failed to decode an absent table: \(error)")
    }
  }

  /// Whether `other` is the same type as this value and equal to it.
  func isEqual(to other: any BuiltinOptionsTable) -> Bool {
    (other as? Self) == self
  }
}
