/// One image plane turned upright: the stored plane, its size in elements, and the display
/// size and row bytes of the result.
struct PlaneRemap {
  /// The stored plane (checked to hold `height` rows of `width` elements).
  let plane: ImagePlane
  /// Stored elements per row and rows.
  let width: Int, height: Int
  /// Bytes per element (1 gray or chroma, 2 interleaved chroma, 3 RGB, 4 RGBA).
  let elementSize: Int
  /// How the stored plane turns upright.
  let orientation: ImageOrientation
  /// The upright plane's size in elements.
  var displaySize: (width: Int, height: Int) {
    orientation.displaySize(forRawWidth: width, height: height)
  }
  /// Bytes per row of the upright plane (no padding).
  var outRowBytes: Int { displaySize.width * elementSize }

  /// The upright plane through the blocked kernels.
  func fast() -> ImagePlane {
    let outRowBytes = self.outRowBytes
    let total = outRowBytes * displaySize.height
    let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      count = 0
      plane.bytes.withUnsafeBytes { source in
        guard let sourceBase = source.baseAddress, let target = buffer.baseAddress else {
          return
        }
        OrientationRemap.remap(
          source: sourceBase, sourceStride: plane.bytesPerRow, width: width, height: height,
          elementSize: elementSize, orientation: orientation,
          destination: UnsafeMutableRawPointer(target), destinationStride: outRowBytes)
        count = total
      }
    }
    return ImagePlane(bytes: bytes, bytesPerRow: outRowBytes)
  }

  /// The upright plane pixel by pixel from
  /// ``ImageOrientation/rawPixel(forDisplayX:y:rawWidth:rawHeight:)``.
  func reference() -> ImagePlane {
    var bytes = [UInt8](repeating: 0, count: outRowBytes * displaySize.height)
    for v in 0..<displaySize.height {
      for u in 0..<displaySize.width {
        let raw = orientation.rawPixel(forDisplayX: u, y: v, rawWidth: width, rawHeight: height)
        let from = raw.y * plane.bytesPerRow + raw.x * elementSize
        let to = v * outRowBytes + u * elementSize
        for channel in 0..<elementSize {
          bytes[to + channel] = plane.bytes[from + channel]
        }
      }
    }
    return ImagePlane(bytes: bytes, bytesPerRow: outRowBytes)
  }
}
