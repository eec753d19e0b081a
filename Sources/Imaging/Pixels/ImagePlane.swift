/// One plane of an ``PixelImage``: bytes in rows, each row `bytesPerRow` bytes apart (padding
/// allowed at the end of a row).
public struct ImagePlane: Sendable, Equatable {
  /// The plane's bytes: at least `bytesPerRow × (rows − 1) + bytes of the last row`.
  public var bytes: [UInt8]
  /// The distance between the starts of consecutive rows, in bytes.
  public var bytesPerRow: Int

  public init(bytes: [UInt8], bytesPerRow: Int) {
    self.bytes = bytes
    self.bytesPerRow = bytesPerRow
  }
}
