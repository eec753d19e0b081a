/// An image's planes as pointers, for kernels that read pixels directly: up to three planes
/// (unused ones repeat the first) with their row strides in bytes. Valid only inside
/// ``PixelImage/withPlanePointers(_:)``.
struct PlanePointers {
  let plane0, plane1, plane2: UnsafePointer<UInt8>
  let stride0, stride1, stride2: Int
}

extension PixelImage {
  /// Calls `body` with pointers to the image's planes (Y, then chroma, for YUV formats).
  /// Returns nil without calling it when a plane is empty.
  func withPlanePointers<Result>(_ body: (PlanePointers) -> Result) -> Result? {
    let last = planes.count - 1
    let (a, b, c) = (planes[0], planes[min(1, last)], planes[min(2, last)])
    // Borrowed planes (camera frames) are read where they lie: no copy.
    return a.withUnsafeBytes { buffer0 in
      b.withUnsafeBytes { buffer1 in
        c.withUnsafeBytes { buffer2 in
          guard let p0 = buffer0.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let p1 = buffer1.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let p2 = buffer2.baseAddress?.assumingMemoryBound(to: UInt8.self)
          else { return nil }
          return body(
            PlanePointers(
              plane0: p0, plane1: p1, plane2: p2, stride0: a.bytesPerRow, stride1: b.bytesPerRow,
              stride2: c.bytesPerRow))
        }
      }
    }
  }
}
