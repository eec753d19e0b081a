/// The constant tables of DEFLATE (RFC 1951 3.2.5 and 3.2.6) the encoder needs.
enum DeflateTables {
  /// Match length − 3 (0...255) → length code − 257 (0...28).
  static let lengthCode: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for code in 0..<28 {
      let start = Int(lengthBase[code])
      for offset in 0..<(1 << Int(lengthExtraBits[code])) where start + offset < 255 {
        table[start + offset] = UInt8(code)
      }
    }
    table[255] = 28
    return table
  }()

  /// The smallest match length − 3 of each length code.
  static let lengthBase: [UInt16] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128,
    160, 192, 224, 255,
  ]

  /// Extra bits after each length code.
  static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]

  /// The smallest distance − 1 of each distance code.
  static let distanceBase: [UInt16] = [
    0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048,
    3072, 4096,
    6144, 8192, 12288, 16384, 24576,
  ]

  /// Extra bits after each distance code.
  static let distanceExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  /// Distance − 1 → code: entries 0...255 for small distances, then one entry per 128.
  private static let distanceCodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    for code in 0..<30 {
      let start = Int(distanceBase[code])
      let size = 1 << Int(distanceExtraBits[code])
      for value in start..<(start + size) {
        if value < 256 {
          table[value] = UInt8(code)
        } else {
          table[256 + (value >> 7)] = UInt8(code)
        }
      }
    }
    return table
  }()

  /// The distance code (0...29) of `distanceOffset` = distance − 1 (0...32767).
  @inline(__always)
  static func distanceCode(_ distanceOffset: Int) -> Int {
    distanceOffset < 256
      ? Int(distanceCodeTable[distanceOffset])
      : Int(distanceCodeTable[256 + ((distanceOffset >> 7) & 0xFF)])
  }

  /// The fixed literal/length code.
  static let fixedLiteral: DeflateHuffmanCode = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    return DeflateHuffmanCode(fixedLengths: lengths)
  }()

  /// The fixed distance code.
  static let fixedDistance = DeflateHuffmanCode(fixedLengths: [UInt8](repeating: 5, count: 30))
}
