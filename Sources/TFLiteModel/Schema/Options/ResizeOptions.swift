/// Options of `RESIZE_BILINEAR` and `RESIZE_NEAREST_NEIGHBOR` (`ResizeBilinearOptions`,
/// `ResizeNearestNeighborOptions`).
public struct ResizeOptions: BuiltinOptionsTable {
  /// Map the corner pixels of input and output onto each other (scale `(in-1)/(out-1)`).
  public internal(set) var alignCorners: Bool
  /// Sample at pixel centres (`(x + 0.5) * scale - 0.5`), as TF2 resizes do.
  public internal(set) var halfPixelCenters: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  /// `ResizeBilinearOptions` keeps two deprecated fields first, so its ids start at 2.
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    let firstFieldID = table.tag == .resizeBilinearOptions ? 2 : 0
    alignCorners = try table.flag(firstFieldID, "align_corners")
    halfPixelCenters = try table.flag(firstFieldID + 1, "half_pixel_centers")
  }
}
