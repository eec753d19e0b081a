extension DeflateTables {
  /// Match length − 3 (0...255) → length code − 257 (0...28).
  static let lengthCode: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for code in 0..<28 {
      let start = Int(matchLengthOffsetBase[code])
      for offset in 0..<(1 << Int(lengthExtraBits[code])) where start + offset < 255 {
        table[start + offset] = UInt8(code)
      }
    }
    table[255] = 28
    return table
  }()

  /// The smallest match length − 3 of each length code (``lengthBase`` − 3).
  static let matchLengthOffsetBase: [UInt16] = lengthBase.map { $0 - 3 }

  /// The smallest distance − 1 of each distance code (``distanceBase`` − 1).
  static let distanceOffsetBase: [UInt16] = distanceBase.map { $0 - 1 }

  /// Distance − 1 → code: entries 0...255 for small distances, then one entry per 128.
  private static let distanceCodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    for code in 0..<30 {
      let start = Int(distanceOffsetBase[code])
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

  /// The fixed literal/length code, for writing.
  static let fixedLiteral = DeflateHuffmanCode(fixedLengths: fixedLiteralLengths)

  /// The fixed distance code, for writing.
  static let fixedDistance = DeflateHuffmanCode(fixedLengths: fixedDistanceLengths)
}
