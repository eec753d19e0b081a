/// Options of `SQUEEZE` (`SqueezeOptions`).
public struct SqueezeOptions: BuiltinOptionsTable {
  /// The dimensions of size 1 to remove (negative counts from the end); empty, as when
  /// unset, removes every dimension of size 1.
  public internal(set) var dimensions: [Int]

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    dimensions = try table.ints(0, "squeeze_dims") ?? []
  }
}
