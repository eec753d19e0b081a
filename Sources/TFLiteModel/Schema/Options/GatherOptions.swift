/// Options of `GATHER` (`GatherOptions`).
public struct GatherOptions: BuiltinOptionsTable {
  /// `axis`: the input dimension indexed; `batchDims`: how many leading dimensions input
  /// and indices share as batch dimensions. Both negative count from the end (of the input's
  /// rank, of the indices' rank); 0 when unset.
  public internal(set) var axis, batchDims: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    axis = try table.int(0, "axis")
    batchDims = try table.int(1, "batch_dims")
  }
}
