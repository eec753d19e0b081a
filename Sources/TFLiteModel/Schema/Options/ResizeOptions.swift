/// Options of `RESIZE_BILINEAR` and `RESIZE_NEAREST_NEIGHBOR`.
public struct ResizeOptions: Sendable, Equatable {
  /// Map the corner pixels of input and output onto each other (scale `(in-1)/(out-1)`).
  public internal(set) var alignCorners: Bool
  /// Sample at pixel centres (`(x + 0.5) * scale - 0.5`), as TF2 resizes do.
  public internal(set) var halfPixelCenters: Bool

  /// `ResizeBilinearOptions` keeps two deprecated fields first, so its ids start at 2.
  init(_ table: FlatBufferTable?, firstFieldID: Int) throws(FlatBufferError) {
    alignCorners = try table.flag(firstFieldID, "align_corners")
    halfPixelCenters = try table.flag(firstFieldID + 1, "half_pixel_centers")
  }
}
