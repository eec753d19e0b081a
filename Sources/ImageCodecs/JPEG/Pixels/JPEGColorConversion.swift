/// How decoded component samples become RGBA, matching libjpeg-turbo's jdcolor.c with the
/// output color space Pillow 13 asks for, then Pillow's own conversion to RGBA.
package enum JPEGColorConversion: Sendable, Equatable, Hashable, CaseIterable {
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

  /// Throws `.invalid` unless `sampling` gives one (horizontal, vertical) pair of factors, each
  /// 1...4, for every component the conversion reads.
  func check(sampling: [(Int, Int)]) throws(DecodeError) {
    guard sampling.count == componentCount else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason: "\(sampling.count) components for a conversion that needs \(componentCount)")
    }
    guard sampling.allSatisfy({ (1...4).contains($0.0) && (1...4).contains($0.1) }) else {
      throw .invalid(format: .jpeg, offset: nil, reason: "a sampling factor is outside 1...4")
    }
  }

  /// The number of components the conversion reads.
  package var componentCount: Int {
    switch self {
    case .grayscale: 1
    case .ycbcr, .rgb: 3
    case .cmyk, .ycck: 4
    }
  }
}
