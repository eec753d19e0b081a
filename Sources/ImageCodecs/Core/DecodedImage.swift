/// A decoded image: 8-bit RGBA pixels as stored in the file (not yet turned upright), with
/// the facts a vision pipeline needs from the file's metadata.
public struct DecodedImage: Sendable, Equatable {
  /// Width in pixels (> 0).
  public var width: Int
  /// Height in pixels (> 0).
  public var height: Int
  /// Pixels as R, G, B, A bytes, row-major, top row first, `width × 4` bytes a row, no padding.
  /// Opaque images have A = 255.
  public var rgba: [UInt8]
  /// The format the bytes were decoded from.
  public var format: ImageFormat
  /// The EXIF orientation, 1...8 (1 when the file has none, or 0, or an out-of-range value).
  /// The pixels are NOT rotated: apply it to get the upright (display) image.
  public var exifOrientation: Int
  /// True when the data ended early or was damaged and the decoder, as libjpeg does, filled
  /// the rest of the image (missing rows gray or repeated) instead of failing.
  public var isIncomplete: Bool
  /// Color metadata found in the file, reported but not applied.
  public var colorInfo: ColorInfo

  public init(
    width: Int, height: Int, rgba: [UInt8], format: ImageFormat, exifOrientation: Int = 1,
    isIncomplete: Bool = false, colorInfo: ColorInfo = ColorInfo()
  ) {
    self.width = width
    self.height = height
    self.rgba = rgba
    self.format = format
    self.exifOrientation = (1...8).contains(exifOrientation) ? exifOrientation : 1
    self.isIncomplete = isIncomplete
    self.colorInfo = colorInfo
  }
}
