/// Options of `MEAN`, `SUM`, `REDUCE_MAX`, `REDUCE_MIN`, `REDUCE_PROD`, `REDUCE_ANY` and
/// `REDUCE_ALL` (`ReducerOptions`).
public struct ReducerOptions: BuiltinOptionsTable {
  /// Keep each reduced dimension as size 1 instead of removing it (false when unset).
  public internal(set) var keepDims: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    keepDims = try table.flag(0, "keep_dims")
  }
}
