import ImageCodecs

extension PixelImage {
  /// An RGBA8 image holding a decoder's pixels as stored (not turned upright; the
  /// orientation is `decoded.exifOrientation`, to be applied separately).
  ///
  /// - Throws: ``ImageError/invalidSize(width:height:)`` or
  ///   ``ImageError/planeTooSmall(plane:bytes:needed:)`` when the decoded size and bytes
  ///   disagree.
  public init(decoded: DecodedImage) throws(ImageError) {
    try self.init(width: decoded.width, height: decoded.height, format: .rgba8, bytes: decoded.rgba)
  }
}
