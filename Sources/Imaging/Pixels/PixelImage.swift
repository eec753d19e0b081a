/// Pixels in memory: a size, a ``PixelFormat`` and the format's planes, rows top first.
///
/// The initializer checks that the planes fit the size (plane count, row strides, byte
/// counts), so code reading an `PixelImage` can index without further checks.
public struct PixelImage: Sendable, Equatable {
  /// Width in pixels (> 0).
  public let width: Int
  /// Height in pixels (> 0).
  public let height: Int
  /// How the planes store the pixels.
  public let format: PixelFormat
  /// The planes, in the format's order (packed: 1; NV12/NV21: Y, chroma; I420: Y, Cb, Cr).
  public let planes: [ImagePlane]

  /// An image from planes, checked against the format and size.
  public init(width: Int, height: Int, format: PixelFormat, planes: [ImagePlane]) throws(ImageError)
  {
    guard width > 0, height > 0, width <= PixelImage.maxDimension, height <= PixelImage.maxDimension
    else {
      throw .invalidSize(width: width, height: height)
    }
    let layout = PixelImage.planeLayout(format: format, width: width, height: height)
    guard planes.count == layout.count else {
      throw .wrongPlaneCount(format: format, expected: layout.count, found: planes.count)
    }
    for (index, (plane, (rowBytes, rows))) in zip(planes, layout).enumerated() {
      guard plane.bytesPerRow >= rowBytes else {
        throw .rowTooShort(plane: index, bytesPerRow: plane.bytesPerRow, needed: rowBytes)
      }
      // Overflow-checked: a hostile stride must be refused, not trap.
      let (span, spanOverflow) = plane.bytesPerRow.multipliedReportingOverflow(by: rows - 1)
      let (needed, neededOverflow) = span.addingReportingOverflow(rowBytes)
      guard !spanOverflow, !neededOverflow, plane.byteCount >= needed else {
        if spanOverflow || neededOverflow {
          throw .planeTooSmall(plane: index, bytes: plane.byteCount, needed: Int.max)
        }
        throw .planeTooSmall(plane: index, bytes: plane.byteCount, needed: needed)
      }
    }
    self.width = width
    self.height = height
    self.format = format
    self.planes = planes
  }

  /// A tightly packed single-plane image (RGBA8, BGRA8, RGB8 or Gray8) from its bytes.
  public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) throws(ImageError) {
    guard width > 0, height > 0, width <= PixelImage.maxDimension, height <= PixelImage.maxDimension
    else {
      throw .invalidSize(width: width, height: height)
    }
    let layout = PixelImage.planeLayout(format: format, width: width, height: height)
    guard layout.count == 1 else {
      throw .wrongPlaneCount(format: format, expected: layout.count, found: 1)
    }
    try self.init(
      width: width, height: height, format: format,
      planes: [ImagePlane(bytes: bytes, bytesPerRow: layout[0].rowBytes)])
  }

  /// The largest width or height accepted, in pixels (inclusive).
  public static let maxDimension = 1 << 16

  /// The minimum row length in bytes and the row count of each plane of `format` at a size
  /// (width and height at most ``maxDimension``, so the products cannot overflow).
  public static func planeLayout(format: PixelFormat, width: Int, height: Int) -> [(
    rowBytes: Int, rows: Int
  )] {
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    switch format {
    case .rgba8, .bgra8: return [(width * 4, height)]
    case .rgb8: return [(width * 3, height)]
    case .gray8: return [(width, height)]
    case .nv12, .nv21: return [(width, height), (chromaWidth * 2, chromaHeight)]
    case .i420: return [(width, height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
    }
  }
}
