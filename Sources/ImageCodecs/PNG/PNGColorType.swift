/// The PNG `IHDR` color type: which channels a pixel holds.
enum PNGColorType: UInt8, Sendable {
  /// One gray sample (bit depths 1, 2, 4, 8, 16).
  case gray = 0
  /// Red, green, blue (bit depths 8, 16).
  case rgb = 2
  /// One palette index (bit depths 1, 2, 4, 8).
  case palette = 3
  /// Gray and alpha (bit depths 8, 16).
  case grayAlpha = 4
  /// Red, green, blue, alpha (bit depths 8, 16).
  case rgba = 6

  /// Samples per pixel.
  var channels: Int {
    switch self {
    case .gray, .palette: 1
    case .grayAlpha: 2
    case .rgb: 3
    case .rgba: 4
    }
  }

  /// Whether `bitDepth` is allowed with this color type (PNG specification, table 11.1).
  func allows(bitDepth: Int) -> Bool {
    switch self {
    case .gray: bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8 || bitDepth == 16
    case .palette: bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8
    case .rgb, .grayAlpha, .rgba: bitDepth == 8 || bitDepth == 16
    }
  }
}
