/// The BEHAVIOR.md F.1 pixel remap, display(u, v) ← stored(x, y), for the tensor packer (kept
/// here, independent of the Orientation folder's public API).
enum TensorOrientationMap {
  /// True when the display image is the stored image transposed (width and height swap).
  static func swapsAxes(_ o: ImageOrientation) -> Bool {
    switch o {
    case .up, .upMirrored, .down, .downMirrored: return false
    case .left, .right, .leftMirrored, .rightMirrored: return true
    }
  }

  /// The stored pixel shown at display pixel (u, v) of an image stored `width × height`.
  static func storedPoint(
    u: Int, v: Int, width: Int, height: Int, orientation o: ImageOrientation
  ) -> (x: Int, y: Int) {
    switch o {
    case .up: return (u, v)
    case .upMirrored: return (width - 1 - u, v)
    case .down: return (width - 1 - u, height - 1 - v)
    case .downMirrored: return (u, height - 1 - v)
    case .leftMirrored: return (v, u)
    case .right: return (v, height - 1 - u)
    case .rightMirrored: return (width - 1 - v, height - 1 - u)
    case .left: return (width - 1 - v, u)
    }
  }

  /// The upright copy of a packed image, pixel by pixel (the reference path).
  static func upright(_ image: PixelImage, orientation o: ImageOrientation) throws(ImageError)
    -> PixelImage
  {
    let bpp = try image.packedBytesPerPixel(operation: "orienting")
    if o == .up { return image }
    let w = image.width
    let h = image.height
    let (dw, dh) = swapsAxes(o) ? (h, w) : (w, h)
    var output = [UInt8](repeating: 0, count: dw * dh * bpp)
    let stride = image.planes[0].bytesPerRow
    let bytes = image.planes[0].bytes
    for v in 0..<dh {
      for u in 0..<dw {
        let (x, y) = storedPoint(u: u, v: v, width: w, height: h, orientation: o)
        for c in 0..<bpp { output[(v * dw + u) * bpp + c] = bytes[y * stride + x * bpp + c] }
      }
    }
    return try PixelImage(width: dw, height: dh, format: image.format, bytes: output)
  }
}
