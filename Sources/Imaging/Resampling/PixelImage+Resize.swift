extension PixelImage {
  /// This image resized to `width × height` pixels, fitted as `fit` says, resampled with
  /// `filter` (see ``ResamplingFilter`` for the exact arithmetic).
  ///
  /// Packed formats only (RGBA8, BGRA8, RGB8, Gray8; convert YUV first); every channel,
  /// alpha included, is filtered independently (Pillow premultiplies alpha for RGBA, this
  /// does not; RGB8 and Gray8 match `PIL.PixelImage.resize` exactly for `.bilinear`). The result
  /// has this image's format.
  /// - Parameters:
  ///   - width: The output width in pixels, 1...``PixelImage/maxDimension``.
  ///   - height: The output height in pixels, 1...``PixelImage/maxDimension``.
  ///   - fit: How the image fills the output: ``ImageFit/stretch`` (the default, aspect ratio
  ///     not kept), a central crop or a letterbox.
  ///   - filter: How source pixels are weighed (default ``ResamplingFilter/bilinear``).
  ///   - maxPixels: the largest `width × height` accepted (default 2^26).
  /// - Throws: ``ImageError/invalidSize(width:height:)`` for a side outside
  ///   1...``PixelImage/maxDimension`` or more than `maxPixels` pixels;
  ///   ``ImageError/unsupportedFormat(_:operation:)`` for YUV.
  public func resized(
    width: Int, height: Int, fit: ImageFit = .stretch, filter: ResamplingFilter = .bilinear,
    maxPixels: Int = 1 << 26
  ) throws(ImageError) -> PixelImage {
    let channels = try packedBytesPerPixel(operation: "resizing")
    guard (1...PixelImage.maxDimension).contains(width),
      (1...PixelImage.maxDimension).contains(height),
      width * height <= maxPixels
    else { throw .invalidSize(width: width, height: height) }
    let geometry = FitGeometry(
      x: 0, y: 0, width: self.width, height: self.height, outputWidth: width,
      outputHeight: height, fit: fit)
    let source = geometry.source
    let content = geometry.content
    let xAxis = ResamplingAxis(
      sourceStart: source.x, sourceCount: source.width, outputCount: content.width, filter: filter)
    let yAxis = ResamplingAxis(
      sourceStart: source.y, sourceCount: source.height, outputCount: content.height,
      filter: filter)
    var resampler = PlaneResampler(xAxis: xAxis, yAxis: yAxis, channels: channels)
    let rowBytes = width * channels
    var output = [UInt8](repeating: fit.borderValue, count: rowBytes * height)
    if content.width != width || content.height != height, format == .rgba8 || format == .bgra8 {
      for i in Swift.stride(from: 3, to: output.count, by: 4) { output[i] = 255 }
    }
    let stride = planes[0].bytesPerRow
    let spanOffset = resampler.spanStart * channels
    planes[0].bytes.withUnsafeBufferPointer { plane in
      output.withUnsafeMutableBufferPointer { out in
        guard let s = plane.baseAddress, let o = out.baseAddress else { return }
        let contentBytes = content.width * channels
        resampler.run(
          row: { j in UnsafePointer(s + j * stride + spanOffset) },
          emit: { r, bytes in
            (o + (content.y + r) * rowBytes + content.x * channels).update(
              from: bytes, count: contentBytes)
          })
      }
    }
    return try PixelImage(width: width, height: height, format: format, bytes: output)
  }
}
