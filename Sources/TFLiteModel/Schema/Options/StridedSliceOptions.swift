/// Options of `STRIDED_SLICE` (`StridedSliceOptions`): bit i of a mask refers to dimension i.
public struct StridedSliceOptions: BuiltinOptionsTable {
  /// Ignore `begin[i]` and start from the first (or, for negative strides, last) element.
  public internal(set) var beginMask: Int
  /// Ignore `end[i]` and run to the end.
  public internal(set) var endMask: Int
  /// Bit i marks where an ellipsis (all remaining dimensions) stands.
  public internal(set) var ellipsisMask: Int
  /// Insert a new dimension of size 1 at position i.
  public internal(set) var newAxisMask: Int
  /// Remove dimension i (taking the single element at `begin[i]`).
  public internal(set) var shrinkAxisMask: Int
  /// `end` is an offset from `begin` rather than an absolute index.
  public internal(set) var offset: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    beginMask = try table.int(0, "begin_mask")
    endMask = try table.int(1, "end_mask")
    ellipsisMask = try table.int(2, "ellipsis_mask")
    newAxisMask = try table.int(3, "new_axis_mask")
    shrinkAxisMask = try table.int(4, "shrink_axis_mask")
    offset = try table.flag(5, "offset")
  }
}
