/// A decoded image: RGBA pixels as stored in the file (not yet turned upright), with the facts
/// a vision pipeline needs from the file's metadata. One type for every sample width:
/// ``DecodedImage`` (8-bit samples, what every decoder returns) and ``DecodedImage16`` (16-bit
/// samples, from ``PNGDecoder/decodeRGBA16(_:limits:)`` for PNG files whose precision matters;
/// smaller samples scaled exactly: 8-bit values × 257, 4-bit × 4369, 2-bit × 21845, 1-bit ×
/// 65535).
public struct DecodedRaster<Sample: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable,
  Equatable
{
  /// Width in pixels (> 0).
  public var width: Int
  /// Height in pixels (> 0).
  public var height: Int
  /// Pixels as R, G, B, A samples, row-major, top row first, `width × 4` samples a row, no
  /// padding. Opaque images have A = `Sample.max`.
  public var rgba: [Sample]
  /// The format the samples were decoded from.
  public var format: ImageFormat
  /// The EXIF orientation, 1...8 (1 when the file has none, or 0, or an out-of-range value).
  /// The pixels are NOT rotated: apply it to get the upright (display) image.
  public var exifOrientation: Int
  /// True when the data ended early or was damaged and the decoder, as libjpeg does, filled
  /// the rest of the image (missing rows gray or repeated) instead of failing.
  public var isIncomplete: Bool
  /// Color metadata found in the file, reported but not applied.
  public var colorInfo: ColorInfo

  /// An image; an `exifOrientation` outside 1...8 is stored as 1.
  public init(
    width: Int, height: Int, rgba: [Sample], format: ImageFormat, exifOrientation: Int = 1,
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

/// A decoded image with 8-bit samples: what ``ImageDecoder`` and every decoder return.
public typealias DecodedImage = DecodedRaster<UInt8>

/// A decoded image with 16-bit samples (PNG files whose precision matters).
public typealias DecodedImage16 = DecodedRaster<UInt16>
