/// Options of `STRIDED_SLICE` (`StridedSliceOptions`): bit i of a mask refers to dimension i.
public struct StridedSliceOptions: Sendable, Equatable {
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

  init(_ table: FlatBufferTable?) throws(FlatBufferError) {
    beginMask = Int(try table?.integer(0, "begin_mask", default: Int32(0)) ?? 0)
    endMask = Int(try table?.integer(1, "end_mask", default: Int32(0)) ?? 0)
    ellipsisMask = Int(try table?.integer(2, "ellipsis_mask", default: Int32(0)) ?? 0)
    newAxisMask = Int(try table?.integer(3, "new_axis_mask", default: Int32(0)) ?? 0)
    shrinkAxisMask = Int(try table?.integer(4, "shrink_axis_mask", default: Int32(0)) ?? 0)
    offset = try table?.bool(5, "offset", default: false) ?? false
  }
}
