/// A summary of a JPEG's structure and entropy-decoded content, from ``JPEGInspector``.
public struct JPEGInfo: Sendable, Equatable, Hashable {
  /// Image width in pixels.
  public var width: Int
  /// Image height in pixels.
  public var height: Int
  /// The components in SOF order.
  public var components: [JPEGComponentInfo]
  /// True for a progressive (SOF2) file.
  public var isProgressive: Bool
  /// The number of SOS markers in the file.
  public var scanCount: Int
  /// The restart interval in MCUs from the last DRI segment (0 = none).
  public var restartInterval: Int
  /// How the components become color: "grayscale", "ycbcr", "rgb", "cmyk" or "ycck" (decided
  /// as libjpeg decides it).
  public var colorTransform: String
  /// The EXIF orientation, 1...8 (1 when absent).
  public var exifOrientation: Int
  /// True when an APP2 ICC_PROFILE segment was present.
  public var hasICCProfile: Bool
  /// True when the entropy data ended early or was damaged (libjpeg would warn).
  public var isIncomplete: Bool
  /// FNV-1a (64-bit, applied to 64-bit words) over every component's coefficients inside its
  /// `widthInBlocks × heightInBlocks` blocks: components in order, blocks row by row, each
  /// block's 64 quantized coefficients in natural order, taken four at a time as the
  /// little-endian 64-bit word of their 16-bit two's-complement patterns.
  public var coefficientChecksum: UInt64

  /// A summary with every field given.
  public init(
    width: Int, height: Int, components: [JPEGComponentInfo], isProgressive: Bool, scanCount: Int,
    restartInterval: Int, colorTransform: String, exifOrientation: Int, hasICCProfile: Bool,
    isIncomplete: Bool,
    coefficientChecksum: UInt64
  ) {
    self.width = width
    self.height = height
    self.components = components
    self.isProgressive = isProgressive
    self.scanCount = scanCount
    self.restartInterval = restartInterval
    self.colorTransform = colorTransform
    self.exifOrientation = exifOrientation
    self.hasICCProfile = hasICCProfile
    self.isIncomplete = isIncomplete
    self.coefficientChecksum = coefficientChecksum
  }
}
