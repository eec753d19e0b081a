/// How a frame's components become color, decided as libjpeg's `default_decompress_parms`
/// (jdapimin.c) decides it from the component count, the JFIF APP0 and Adobe APP14 markers and
/// the component identifiers.
enum JPEGColorTransform: Sendable, Equatable {
  /// One component: luminance only.
  case grayscale
  /// Three components holding Y, Cb, Cr (JFIF, Adobe transform 1, or ids 1, 2, 3 / unknown).
  case ycbcrToRGB
  /// Three components holding R, G, B directly (Adobe transform 0, or ids 'R', 'G', 'B').
  case rgb
  /// Four components holding C, M, Y, K as the bytes say (Adobe writes them inverted).
  case cmyk
  /// Four components holding Y, Cb, Cr, K (Adobe transform 2, or any transform but 0).
  case ycckToCMYK

  /// A short lowercase name: "grayscale", "ycbcr", "rgb", "cmyk" or "ycck".
  var name: String {
    switch self {
    case .grayscale: "grayscale"
    case .ycbcrToRGB: "ycbcr"
    case .rgb: "rgb"
    case .cmyk: "cmyk"
    case .ycckToCMYK: "ycck"
    }
  }

  /// libjpeg's choice for `componentCount` components (1, 3 or 4), given whether a JFIF APP0
  /// was seen, the Adobe APP14 transform flag (nil when no Adobe marker) and the component ids.
  static func decide(
    componentCount: Int, sawJFIF: Bool, adobeTransform: Int?, identifiers: [UInt8]
  ) -> JPEGColorTransform {
    switch componentCount {
    case 1:
      return .grayscale
    case 3:
      if sawJFIF { return .ycbcrToRGB }
      if let adobeTransform { return adobeTransform == 0 ? .rgb : .ycbcrToRGB }
      if identifiers.count >= 3, identifiers[0] == 82, identifiers[1] == 71, identifiers[2] == 66 {
        return .rgb
      }
      return .ycbcrToRGB
    default:
      if let adobeTransform { return adobeTransform == 0 ? .cmyk : .ycckToCMYK }
      return .cmyk
    }
  }
}
