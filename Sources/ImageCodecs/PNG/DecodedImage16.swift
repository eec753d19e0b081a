/// A decoded image with 16-bit RGBA samples, for PNG files whose precision matters.
///
/// Produced by ``PNGDecoder/decodeRGBA16(_:limits:)``. Samples are native `UInt16` values
/// (0...65535); 8-bit and smaller sources are scaled exactly to 16 bits (8-bit values × 257,
/// 4-bit × 4369, 2-bit × 21845, 1-bit × 65535).
public struct DecodedImage16: Sendable, Equatable {
  /// Width in pixels (> 0).
  public var width: Int
  /// Height in pixels (> 0).
  public var height: Int
  /// Pixels as R, G, B, A samples, row-major, top row first, `width × 4` samples a row.
  /// Opaque images have A = 65535.
  public var rgba: [UInt16]
  /// The EXIF orientation, 1...8 (1 when the file has none or an out-of-range value).
  /// The pixels are NOT rotated.
  public var exifOrientation: Int
  /// Color metadata found in the file, reported but not applied.
  public var colorInfo: ColorInfo

  /// Creates an image; an `exifOrientation` outside 1...8 is stored as 1.
  public init(
    width: Int, height: Int, rgba: [UInt16], exifOrientation: Int = 1,
    colorInfo: ColorInfo = ColorInfo()
  ) {
    self.width = width
    self.height = height
    self.rgba = rgba
    self.exifOrientation = (1...8).contains(exifOrientation) ? exifOrientation : 1
    self.colorInfo = colorInfo
  }
}
