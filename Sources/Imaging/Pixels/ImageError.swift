/// Why an ``PixelImage`` or an imaging operation was refused: what was wrong, with the numbers.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Width or height is not in 1...``PixelImage/maxDimension``.
  case invalidSize(width: Int, height: Int)
  /// The format needs `expected` planes.
  case wrongPlaneCount(format: PixelFormat, expected: Int, found: Int)
  /// A plane's row stride is shorter than one row of pixels.
  case rowTooShort(plane: Int, bytesPerRow: Int, needed: Int)
  /// A plane holds fewer bytes than its rows need.
  case planeTooSmall(plane: Int, bytes: Int, needed: Int)
  /// An operation's argument is out of range (a crop outside the image, a zero target size, …).
  case invalidArgument(String)
  /// The operation does not support this pixel format.
  case unsupportedFormat(PixelFormat, operation: String)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      "an image of \(width)×\(height) pixels: each side must be 1...\(PixelImage.maxDimension)"
    case .wrongPlaneCount(let format, let expected, let found):
      "\(format) needs \(expected) plane(s), found \(found)"
    case .rowTooShort(let plane, let bytesPerRow, let needed):
      "plane \(plane) has \(bytesPerRow) bytes per row, fewer than the \(needed) one row needs"
    case .planeTooSmall(let plane, let bytes, let needed):
      "plane \(plane) has \(bytes) bytes; its rows need \(needed)"
    case .invalidArgument(let reason): reason
    case .unsupportedFormat(let format, let operation):
      "\(operation) does not support \(format) images"
    }
  }
}
