/// Limits a decoder checks before it allocates, so hostile files cannot exhaust memory.
public struct DecodeLimits: Sendable, Equatable, Hashable {
  /// The default pixel limit: 100 megapixels.
  public static let defaultMaxPixels = 100_000_000

  /// The largest width × height accepted (inclusive). Checked against the header, before any
  /// pixel buffer is allocated.
  public var maxPixels: Int
  /// The largest width or height accepted, in pixels (inclusive).
  public var maxDimension: Int
  /// The largest total of decoded bytes (pixels plus intermediate planes) a decode may
  /// allocate, in bytes (inclusive).
  public var maxDecodedBytes: Int
  /// The largest metadata block (ICC profile, EXIF, text chunk) kept or inflated, in bytes.
  public var maxMetadataBytes: Int

  /// Limits with the defaults: 100 MP, 65,535 pixels a side (PNG allows more but nothing
  /// real uses it), 1.6 GB of decoded bytes, 8 MB of metadata.
  public init(
    maxPixels: Int = DecodeLimits.defaultMaxPixels, maxDimension: Int = 1 << 16,
    maxDecodedBytes: Int = 1_600_000_000, maxMetadataBytes: Int = 8 << 20
  ) {
    self.maxPixels = maxPixels
    self.maxDimension = maxDimension
    self.maxDecodedBytes = maxDecodedBytes
    self.maxMetadataBytes = maxMetadataBytes
  }

  /// Throws ``DecodeError/tooLarge(format:width:height:limit:)`` naming the limit that failed
  /// (a side first, then the pixel count) unless a `width` × `height` image fits these limits. Call before allocating anything sized by the header.
  public func check(width: Int, height: Int, format: ImageFormat) throws(DecodeError) {
    guard width > 0, height > 0 else {
      throw .invalid(format: format, offset: nil, reason: "the image is \(width)×\(height) pixels")
    }
    guard width <= maxDimension, height <= maxDimension else {
      throw .tooLarge(format: format, width: width, height: height, limit: .dimension(maxDimension))
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maxPixels else {
      throw .tooLarge(format: format, width: width, height: height, limit: .pixels(maxPixels))
    }
  }
}
