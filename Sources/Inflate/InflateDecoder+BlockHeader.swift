extension InflateDecoder {
  /// The order in which code-length code lengths are stored (RFC 1951 §3.2.7).
  static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// Reads a block header (and, for a dynamic block, its code tables). Returns `false` if
  /// more input is needed; the cursor is then rewound to the header's start.
  mutating func readBlockHeader(_ cursor: inout BitCursor, isFinal: Bool) throws(InflateError)
    -> Bool
  {
    let saved = cursor
    let headerBit = absoluteBit(cursor.bitPosition)
    guard cursor.ensure(3) else { return try needInput(&cursor, saved, isFinal) }
    let final = cursor.take(1) == 1
    let type = cursor.take(2)
    switch type {
    case 0:
      cursor.alignToByte()
      let lengthByte = consumedBefore + cursor.bitPosition / 8
      guard cursor.ensure(32) else { return try needInput(&cursor, saved, isFinal) }
      let length = cursor.take(16)
      let complement = cursor.take(16)
      guard length == complement ^ 0xFFFF else {
        throw .storedLengthMismatch(length: length, complement: complement, byteOffset: lengthByte)
      }
      // Hand the buffered whole bytes back so the copy reads straight from the input.
      cursor.position -= cursor.count / 8
      cursor.buffer = 0
      cursor.count = 0
      isLastBlock = final
      phase = .stored(remaining: length)
    case 1:
      isLastBlock = final
      usesFixedTables = true
      phase = .huffman
    case 2:
      guard try readDynamicTables(&cursor, headerBit: headerBit) else {
        return try needInput(&cursor, saved, isFinal)
      }
      isLastBlock = final
      usesFixedTables = false
      phase = .huffman
    default:
      throw .invalidBlockType(bitOffset: headerBit)
    }
    return true
  }

  /// Rewinds to `saved` and reports that more input is needed, or throws if none will come.
  private func needInput(_ cursor: inout BitCursor, _ saved: BitCursor, _ isFinal: Bool)
    throws(InflateError)
    -> Bool
  {
    if isFinal { throw endOfInput(cursor) }
    cursor = saved
    return false
  }

  /// Reads the code lengths of a dynamic block and builds its tables. Returns `false` if
  /// the input ends first. `headerBit` (the block header's position) is used in errors.
  private mutating func readDynamicTables(_ cursor: inout BitCursor, headerBit: Int)
    throws(InflateError)
    -> Bool
  {
    guard cursor.ensure(14) else { return false }
    let literalCount = cursor.take(5) + 257
    let distanceCount = cursor.take(5) + 1
    let codeLengthCount = cursor.take(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .tooManyCodes(
        literalLengthCodes: literalCount, distanceCodes: distanceCount, bitOffset: headerBit)
    }
    // Code-length code.
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<codeLengthCount {
      guard cursor.ensure(3) else { return false }
      codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(cursor.take(3))
    }
    var codeLengthTable = [UInt32](repeating: 0, count: HuffmanDecodingTable.codeLengthTableSize)
    switch HuffmanDecodingTable.build(
      lengths: codeLengthLengths, templates: HuffmanDecodingTable.codeLengthSymbols,
      rootBits: HuffmanDecodingTable.codeLengthRootBits, into: &codeLengthTable)
    {
    case .complete: break
    case .oversubscribed: throw .oversubscribedCode(table: .codeLength, bitOffset: headerBit)
    case .incomplete: throw .incompleteCode(table: .codeLength, bitOffset: headerBit)
    }
    // Literal/length and distance code lengths, one run-length-coded sequence.
    let total = literalCount + distanceCount
    var lengths = [UInt8](repeating: 0, count: total)
    var filled = 0
    while filled < total {
      let symbolBit = absoluteBit(cursor.bitPosition)
      _ = cursor.ensure(14)
      let entry = codeLengthTable[cursor.peek(HuffmanDecodingTable.codeLengthRootBits)]
      let codeBits = Int(entry & 15)
      guard codeBits <= cursor.count else { return false }
      cursor.drop(codeBits)
      let symbol = Int(entry >> 16)
      if symbol < 16 {
        lengths[filled] = UInt8(symbol)
        filled += 1
        continue
      }
      var value: UInt8 = 0
      var repeatCount: Int
      switch symbol {
      case 16:
        guard cursor.count >= 2 else { return false }
        guard filled > 0 else { throw .repeatWithoutPreviousLength(bitOffset: symbolBit) }
        value = lengths[filled - 1]
        repeatCount = 3 + cursor.take(2)
      case 17:
        guard cursor.count >= 3 else { return false }
        repeatCount = 3 + cursor.take(3)
      default:
        guard cursor.count >= 7 else { return false }
        repeatCount = 11 + cursor.take(7)
      }
      guard repeatCount <= total - filled else {
        throw .codeLengthRepeatOverflow(bitOffset: symbolBit)
      }
      while repeatCount > 0 {
        lengths[filled] = value
        filled += 1
        repeatCount -= 1
      }
    }
    guard lengths[256] != 0 else { throw .missingEndOfBlockCode(bitOffset: headerBit) }
    // Build the tables.
    if literalTable.isEmpty {
      literalTable = [UInt32](repeating: 0, count: HuffmanDecodingTable.literalTableSize)
      distanceTable = [UInt32](repeating: 0, count: HuffmanDecodingTable.distanceTableSize)
    }
    let literalLengths = Array(lengths[0..<literalCount])
    let distanceLengths = Array(lengths[literalCount..<total])
    switch HuffmanDecodingTable.build(
      lengths: literalLengths, templates: HuffmanDecodingTable.literalLengthSymbols,
      rootBits: HuffmanDecodingTable.literalRootBits, into: &literalTable)
    {
    case .complete: break
    case .oversubscribed: throw .oversubscribedCode(table: .literalLength, bitOffset: headerBit)
    case .incomplete:
      guard Self.isSingleOneBitCode(literalLengths) else {
        throw .incompleteCode(table: .literalLength, bitOffset: headerBit)
      }
    }
    switch HuffmanDecodingTable.build(
      lengths: distanceLengths, templates: HuffmanDecodingTable.distanceSymbols,
      rootBits: HuffmanDecodingTable.distanceRootBits, into: &distanceTable)
    {
    case .complete: break
    case .oversubscribed: throw .oversubscribedCode(table: .distance, bitOffset: headerBit)
    case .incomplete:
      // As in zlib: no distance code at all, or a single one-bit code, is accepted;
      // reading an unassigned pattern later is an error.
      guard Self.isSingleOneBitCode(distanceLengths) || distanceLengths.allSatisfy({ $0 == 0 })
      else {
        throw .incompleteCode(table: .distance, bitOffset: headerBit)
      }
    }
    return true
  }

  /// Whether exactly one length is non-zero and it is 1 (zlib's allowed incomplete code).
  private static func isSingleOneBitCode(_ lengths: [UInt8]) -> Bool {
    var nonZero = 0
    for length in lengths where length != 0 {
      guard length == 1 else { return false }
      nonZero += 1
    }
    return nonZero == 1
  }
}
