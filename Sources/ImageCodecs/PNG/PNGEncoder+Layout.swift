extension PNGEncoder {
  /// The channel layout of the pixels given to ``PNGEncoder/encode(width:height:pixels:layout:)``,
  /// 8 bits a sample.
  public enum Layout: Sendable, Equatable, Hashable, CaseIterable {
    /// One gray byte a pixel (PNG color type 0).
    case gray
    /// R, G, B bytes (PNG color type 2).
    case rgb
    /// R, G, B, A bytes, not premultiplied (PNG color type 6).
    case rgba

    /// Bytes per pixel: 1, 3 or 4.
    public var bytesPerPixel: Int {
      switch self {
      case .gray: 1
      case .rgb: 3
      case .rgba: 4
      }
    }

    /// The PNG color type written in `IHDR`.
    var colorType: UInt8 {
      switch self {
      case .gray: 0
      case .rgb: 2
      case .rgba: 6
      }
    }
  }
}
