/// Options of `UNPACK` (`UnpackOptions`).
public struct UnpackOptions: BuiltinOptionsTable {
  /// `count`: how many outputs the input is unstacked into (`num`); `axis`: the input
  /// dimension removed, negative counting from the end. 0 when unset.
  public internal(set) var count, axis: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    count = try table.int(0, "num")
    axis = try table.int(1, "axis")
  }
}
