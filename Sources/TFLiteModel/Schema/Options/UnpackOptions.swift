/// Options of `UNPACK` (`UnpackOptions`).
public struct UnpackOptions: BuiltinOptionsTable {
  /// How many outputs the input is unstacked into (`num`; 0 when unset).
  public internal(set) var count: Int
  /// The input dimension removed; negative counts from the end (0 when unset).
  public internal(set) var axis: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    count = try table.int(0, "num")
    axis = try table.int(1, "axis")
  }
}
