import Imaging

/// Camera-style frames made from a photo, for the zero-copy tests: BGRA8, NV12, NV21 and I420
/// planes (BT.601 video range, chroma averaged over 2×2 pixels), rows padded to `stride`.
struct CameraFrames {
  let width: Int
  let height: Int
  private let y: [UInt8]
  private let cb: [UInt8]
  private let cr: [UInt8]
  private let bgra: [UInt8]

  /// Frames of `photo` (RGBA8).
  init(_ photo: PixelImage) {
    width = photo.width
    height = photo.height
    let rgba = photo.planes[0].bytes
    let stride = photo.planes[0].bytesPerRow
    var y = [UInt8](repeating: 0, count: width * height)
    var bgra = [UInt8](repeating: 0, count: width * height * 4)
    let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
    var sums = [(Double, Double, Int)](repeating: (0, 0, 0), count: cw * ch)
    for row in 0..<height {
      for column in 0..<width {
        let p = row * stride + column * 4
        let (r, g, b) = (Double(rgba[p]), Double(rgba[p + 1]), Double(rgba[p + 2]))
        y[row * width + column] = Self.clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b)
        let q = (row * width + column) * 4
        (bgra[q], bgra[q + 1], bgra[q + 2], bgra[q + 3]) = (rgba[p + 2], rgba[p + 1], rgba[p], 255)
        let c = (row / 2) * cw + column / 2
        sums[c].0 += 128 - 0.148 * r - 0.291 * g + 0.439 * b
        sums[c].1 += 128 + 0.439 * r - 0.368 * g - 0.071 * b
        sums[c].2 += 1
      }
    }
    self.y = y
    self.bgra = bgra
    cb = sums.map { Self.clamp($0.0 / Double($0.2)) }
    cr = sums.map { Self.clamp($0.1 / Double($0.2)) }
  }

  private static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }

  /// BT.601 video range, as the planes are made.
  static let space = YUVColorSpace(matrix: .bt601, range: .video)

  /// The planes of `format` (bytes and row stride), each row padded by `padding` bytes.
  func planes(_ format: PixelFormat, padding: Int = 32) -> [(bytes: [UInt8], stride: Int)] {
    let cw = (width + 1) / 2
    switch format {
    case .bgra8: return [Self.padded(bgra, rowBytes: width * 4, padding: padding)]
    case .nv12, .nv21:
      let isNV12: Bool
      if case .nv12 = format { isNV12 = true } else { isNV12 = false }
      let (first, second) = isNV12 ? (cb, cr) : (cr, cb)
      let chroma = zip(first, second).flatMap { [$0, $1] }
      return [
        Self.padded(y, rowBytes: width, padding: padding),
        Self.padded(chroma, rowBytes: cw * 2, padding: padding),
      ]
    default:
      return [
        Self.padded(y, rowBytes: width, padding: padding),
        Self.padded(cb, rowBytes: cw, padding: padding),
        Self.padded(cr, rowBytes: cw, padding: padding),
      ]
    }
  }

  private static func padded(_ bytes: [UInt8], rowBytes: Int, padding: Int) -> (
    bytes: [UInt8], stride: Int
  ) {
    let stride = rowBytes + padding
    var out = [UInt8](repeating: 0, count: bytes.count / rowBytes * stride)
    for row in 0..<(bytes.count / rowBytes) {
      out[(row * stride)..<(row * stride + rowBytes)] =
        bytes[(row * rowBytes)..<((row + 1) * rowBytes)]
    }
    return (out, stride)
  }
}
