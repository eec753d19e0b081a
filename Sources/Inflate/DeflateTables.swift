/// The constant tables of the DEFLATE format (RFC 1951 §3.2.5–3.2.7), shared by the decoder
/// (``HuffmanDecodingTable``, ``InflateDecoder``) and the encoder (``DeflateEncoder``).
enum DeflateTables {
  /// The smallest match length (3...258) of each length code 257...285.
  static let lengthBase: [UInt16] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
  ]

  /// Extra bits after each length code 257...285.
  static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]

  /// The smallest distance (1...24577) of each distance code 0...29.
  static let distanceBase: [UInt16] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]

  /// Extra bits after each distance code 0...29.
  static let distanceExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  /// The order in which a dynamic block header stores the code-length code's lengths.
  static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// The code lengths of the fixed literal/length code, symbols 0...287 (§3.2.6).
  static let fixedLiteralLengths: [UInt8] = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    return lengths
  }()

  /// The code lengths of the fixed distance code, symbols 0...31 (30 and 31 never occur in
  /// valid data).
  static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)
}
