import Imaging

extension VisionImage {
  /// An image over camera planes the caller owns, read in place: no copy of the pixels is
  /// made, now or when detectors and labelers pack the frame into their models' inputs.
  ///
  /// Lifetime rule: every plane's memory must stay allocated and unchanged until the last
  /// call reading this image (or a copy of it) has returned — for `process(_:completion:)`,
  /// until the completion has run. With a `CVPixelBuffer`: lock its base address, make the
  /// image, call `results(in:)`, then unlock (see Docs/MIGRATION.md for the adapter).
  /// Ocellus never writes to the planes. Calls that need a whole upright copy
  /// (``uprightImage()``) copy as usual.
  ///
  /// - Parameters:
  ///   - planes: Each plane's first byte and row stride in bytes, in the format's order: one
  ///     for BGRA8/RGBA8/RGB8/Gray8, Y then interleaved chroma for NV12/NV21, Y, Cb, Cr for I420.
  ///   - width: Width of the stored frame, in pixels.
  ///   - height: Height of the stored frame, in pixels.
  ///   - format: The pixel format.
  ///   - orientation: How the frame turns upright.
  ///   - timestampMilliseconds: The capture time, for stream mode.
  /// - Throws: ``VisionError/invalidImage(_:)`` when the plane count or a stride does not fit
  ///   the size and format.
  public init(
    unsafeBorrowingPlanes planes: [(baseAddress: UnsafeRawPointer, bytesPerRow: Int)],
    width: Int, height: Int, format: PixelFormat, orientation: ImageOrientation = .up,
    timestampMilliseconds: Int64? = nil
  ) throws(VisionError) {
    let layout = PixelImage.planeLayout(
      format: format, width: max(width, 1), height: max(height, 1))
    var borrowed: [ImagePlane] = []
    for (plane, (rowBytes, rows)) in zip(planes, layout) {
      // A stride shorter than a row is refused by PixelImage; count no bytes for it here.
      let (span, overflow) = plane.bytesPerRow.multipliedReportingOverflow(by: rows - 1)
      let count = overflow || plane.bytesPerRow < rowBytes ? 0 : span + rowBytes
      borrowed.append(
        ImagePlane(
          unsafeBorrowing: UnsafeRawBufferPointer(start: plane.baseAddress, count: count),
          bytesPerRow: plane.bytesPerRow))
    }
    if planes.count > layout.count {
      borrowed += planes[layout.count...].map {
        ImagePlane(
          unsafeBorrowing: UnsafeRawBufferPointer(start: $0.baseAddress, count: 0),
          bytesPerRow: $0.bytesPerRow)
      }
    }
    try self.init(
      pixelBuffer: borrowed, width: width, height: height, format: format,
      orientation: orientation, timestampMilliseconds: timestampMilliseconds)
  }
}
