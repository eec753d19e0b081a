/// A JPEG marker: the code byte that follows an FF (ITU T.81 table B.1), with names for the
/// markers the decoder treats.
struct JPEGMarker: Hashable, Sendable {
  /// The code byte (never 0x00 or 0xFF).
  let code: UInt8

  init(_ code: UInt8) {
    self.code = code
  }

  /// SOF0: baseline sequential DCT, Huffman coding.
  static let sof0 = JPEGMarker(0xC0)
  /// SOF1: extended sequential DCT, Huffman coding.
  static let sof1 = JPEGMarker(0xC1)
  /// SOF2: progressive DCT, Huffman coding.
  static let sof2 = JPEGMarker(0xC2)
  /// DHT: Huffman tables.
  static let dht = JPEGMarker(0xC4)
  /// RST0, the first of the eight restart markers RST0...RST7 (0xD0...0xD7).
  static let rst0 = JPEGMarker(0xD0)
  /// SOI: start of image.
  static let soi = JPEGMarker(0xD8)
  /// EOI: end of image.
  static let eoi = JPEGMarker(0xD9)
  /// SOS: start of scan.
  static let sos = JPEGMarker(0xDA)
  /// DQT: quantization tables.
  static let dqt = JPEGMarker(0xDB)
  /// DNL: number of lines.
  static let dnl = JPEGMarker(0xDC)
  /// DRI: restart interval.
  static let dri = JPEGMarker(0xDD)
  /// APP0: JFIF.
  static let app0 = JPEGMarker(0xE0)
  /// APP1: EXIF.
  static let app1 = JPEGMarker(0xE1)
  /// APP2: ICC profile.
  static let app2 = JPEGMarker(0xE2)
  /// APP14: Adobe.
  static let app14 = JPEGMarker(0xEE)
  /// COM: comment.
  static let com = JPEGMarker(0xFE)
  /// TEM: temporary use in arithmetic coding; no segment.
  static let tem = JPEGMarker(0x01)

  /// RST0...RST7.
  var isRestart: Bool { (0xD0...0xD7).contains(code) }

  /// APP0...APP15.
  var isApplication: Bool { (0xE0...0xEF).contains(code) }

  /// A marker without a segment after it: RSTn, TEM, SOI or EOI.
  var isStandalone: Bool { isRestart || self == .tem || self == .soi || self == .eoi }

  /// What an SOFn, JPG or DAC marker this decoder refuses announces ("lossless (SOF3)"), nil
  /// for every other marker.
  var unsupportedFeature: String? {
    switch code {
    case 0xC3: return "lossless (SOF3)"
    case 0xC5: return "hierarchical (SOF5, differential sequential)"
    case 0xC6: return "hierarchical (SOF6, differential progressive)"
    case 0xC7: return "hierarchical lossless (SOF7)"
    case 0xC8: return "JPEG extensions (JPG marker FFC8)"
    case 0xC9: return "arithmetic coding (SOF9)"
    case 0xCA: return "arithmetic coding (SOF10, progressive)"
    case 0xCB: return "lossless arithmetic coding (SOF11)"
    case 0xCC: return "arithmetic coding conditioning (DAC)"
    case 0xCD, 0xCE: return "hierarchical arithmetic coding (SOF\(code - 0xC0))"
    case 0xCF: return "hierarchical lossless arithmetic coding (SOF15)"
    default: return nil
    }
  }

  /// The conventional name ("SOF2", "DHT", "APP1", "RST3") or "marker FFxx".
  var name: String {
    switch code {
    case 0xC4: return "DHT"
    case 0xC8: return "JPG"
    case 0xCC: return "DAC"
    case 0xC0...0xCF: return "SOF\(code - 0xC0)"
    case 0xD0...0xD7: return "RST\(code - 0xD0)"
    case 0xD8: return "SOI"
    case 0xD9: return "EOI"
    case 0xDA: return "SOS"
    case 0xDB: return "DQT"
    case 0xDC: return "DNL"
    case 0xDD: return "DRI"
    case 0xE0...0xEF: return "APP\(code - 0xE0)"
    case 0xFE: return "COM"
    default:
      let hex = String(code, radix: 16, uppercase: true)
      return "marker FF" + (code < 16 ? "0" + hex : hex)
    }
  }
}
