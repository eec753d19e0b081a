/// Options of `GATHER` (`GatherOptions`).
public struct GatherOptions: BuiltinOptionsTable {
  /// The input dimension indexed; negative counts from the end (0 when unset).
  public internal(set) var axis: Int
  /// How many leading dimensions input and indices share as batch dimensions; negative
  /// counts from the end of the indices' rank (0 when unset).
  public internal(set) var batchDims: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    axis = try table.int(0, "axis")
    batchDims = try table.int(1, "batch_dims")
  }
}
