/// How decoded component samples become RGBA, matching libjpeg-turbo's jdcolor.c with the
/// output color space Pillow 13 asks for, then Pillow's own conversion to RGBA.
public enum JPEGColorConversion: Sendable, Equatable, Hashable, CaseIterable {
  /// One component: R = G = B = Y (`grayscale_convert`, then Pillow L → RGBA).
  case grayscale
  /// Three components, YCbCr → RGB with jdcolor.c's fixed-point tables (`ycc_rgb_convert`).
  case ycbcr
  /// Three components stored as RGB: copied (`rgb_rgb_convert`).
  case rgb
  /// Four components, Adobe CMYK as stored (`null_convert`); Pillow opens it with raw mode
  /// "CMYK;I" (inverting every channel) and converts with `cmyk2rgb`:
  /// R = k − MULDIV255(255 − c, k), likewise G from m and B from y.
  case cmyk
  /// Four components YCCK → CMYK (`ycck_cmyk_convert`: C = 255 − R(YCbCr) clamped, K kept),
  /// then as ``cmyk``.
  case ycck

  /// The number of components the conversion reads.
  public var componentCount: Int {
    switch self {
    case .grayscale: return 1
    case .ycbcr, .rgb: return 3
    case .cmyk, .ycck: return 4
    }
  }
}
