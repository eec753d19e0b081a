extension PixelImage {
  /// The pixels inside a box, optionally padded, clamped to the image.
  ///
  /// The box is `[x, x + width) × [y, y + height)` in this image's pixel coordinates
  /// (left/top inclusive, right/bottom exclusive). `padding` grows it by fractions of its
  /// own size on each side; the padded edges are rounded outwards (left/top down,
  /// right/bottom up) and the result clamped to the image, so the box may also extend past
  /// the image. Packed formats only (RGBA8, BGRA8, RGB8, Gray8): convert YUV first.
  /// - Throws: ``ImageError/invalidArgument(_:)`` for an empty box, a negative or non-finite
  ///   padding, or a box that misses the image; ``ImageError/unsupportedFormat(_:operation:)``
  ///   for YUV.
  public func cropped(
    x: Int, y: Int, width: Int, height: Int, padding: CropPadding = .zero
  ) throws(ImageError) -> PixelImage {
    let bytesPerPixel = try packedBytesPerPixel(operation: "cropping")
    let box = try padding.paddedBox(
      x: x, y: y, width: width, height: height, boundsWidth: self.width,
      boundsHeight: self.height)
    let rowBytes = box.width * bytesPerPixel
    var output = [UInt8](repeating: 0, count: rowBytes * box.height)
    let stride = planes[0].bytesPerRow
    planes[0].bytes.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { out in
        guard let s = source.baseAddress, let o = out.baseAddress else { return }
        for row in 0..<box.height {
          (o + row * rowBytes).update(
            from: s + (box.y + row) * stride + box.x * bytesPerPixel, count: rowBytes)
        }
      }
    }
    return try PixelImage(width: box.width, height: box.height, format: format, bytes: output)
  }

  /// Bytes per pixel of a packed format; throws for YUV.
  func packedBytesPerPixel(operation: String) throws(ImageError) -> Int {
    switch format {
    case .rgba8, .bgra8: return 4
    case .rgb8: return 3
    case .gray8: return 1
    case .nv12, .nv21, .i420: throw .unsupportedFormat(format, operation: operation)
    }
  }
}
