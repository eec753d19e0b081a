extension InflateDecoder {
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
    guard
      let codeLengthTable = try Self.readCodeLengthCode(
        &cursor, count: codeLengthCount, headerBit: headerBit),
      let lengths = try readCodeLengths(
        &cursor, table: codeLengthTable, total: literalCount + distanceCount)
    else { return false }
    guard lengths[256] != 0 else { throw .missingEndOfBlockCode(bitOffset: headerBit) }
    try buildTables(lengths, literalCount: literalCount, headerBit: headerBit)
    return true
  }

  /// Reads the `count` 3-bit lengths of the code-length code and builds its table; nil if the
  /// input ends first.
  private static func readCodeLengthCode(
    _ cursor: inout BitCursor, count: Int, headerBit: Int
  ) throws(InflateError) -> [UInt32]? {
    var lengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<count {
      guard cursor.ensure(3) else { return nil }
      lengths[DeflateTables.codeLengthOrder[index]] = UInt8(cursor.take(3))
    }
    var table = [UInt32](repeating: 0, count: HuffmanDecodingTable.codeLengthTableSize)
    let result = HuffmanDecodingTable.build(
      lengths: lengths, templates: HuffmanDecodingTable.codeLengthSymbols,
      rootBits: HuffmanDecodingTable.codeLengthRootBits, into: &table)
    try check(result, of: .codeLength, headerBit: headerBit, acceptIncomplete: false)
    return table
  }

  /// Reads the run-length-coded sequence of `total` literal/length and distance code lengths;
  /// nil if the input ends first.
  private func readCodeLengths(_ cursor: inout BitCursor, table: [UInt32], total: Int)
    throws(InflateError) -> [UInt8]?
  {
    var lengths = [UInt8](repeating: 0, count: total)
    var filled = 0
    while filled < total {
      let symbolBit = absoluteBit(cursor.bitPosition)
      _ = cursor.ensure(14)
      let entry = table[cursor.peek(HuffmanDecodingTable.codeLengthRootBits)]
      let codeBits = Int(entry & 15)
      guard codeBits <= cursor.count else { return nil }
      cursor.drop(codeBits)
      let symbol = Int(entry >> 16)
      if symbol < 16 {
        lengths[filled] = UInt8(symbol)
        filled += 1
        continue
      }
      // 16 repeats the previous length 3–6 times, 17 and 18 repeat zero 3–10 and 11–138 times.
      let (extraBits, minimum) = symbol == 16 ? (2, 3) : symbol == 17 ? (3, 3) : (7, 11)
      guard cursor.count >= extraBits else { return nil }
      guard symbol != 16 || filled > 0 else {
        throw .repeatWithoutPreviousLength(bitOffset: symbolBit)
      }
      let value = symbol == 16 ? lengths[filled - 1] : 0
      let repeatCount = minimum + cursor.take(extraBits)
      guard repeatCount <= total - filled else {
        throw .codeLengthRepeatOverflow(bitOffset: symbolBit)
      }
      for index in filled..<(filled + repeatCount) { lengths[index] = value }
      filled += repeatCount
    }
    return lengths
  }

  /// Builds the literal/length and distance tables from the first `literalCount` and the
  /// remaining `lengths`.
  private mutating func buildTables(_ lengths: [UInt8], literalCount: Int, headerBit: Int)
    throws(InflateError)
  {
    if literalTable.isEmpty {
      literalTable = [UInt32](repeating: 0, count: HuffmanDecodingTable.literalTableSize)
      distanceTable = [UInt32](repeating: 0, count: HuffmanDecodingTable.distanceTableSize)
    }
    let literalLengths = Array(lengths[0..<literalCount])
    let distanceLengths = Array(lengths[literalCount...])
    let literalResult = HuffmanDecodingTable.build(
      lengths: literalLengths, templates: HuffmanDecodingTable.literalLengthSymbols,
      rootBits: HuffmanDecodingTable.literalRootBits, into: &literalTable)
    try Self.check(
      literalResult, of: .literalLength, headerBit: headerBit,
      acceptIncomplete: Self.isSingleOneBitCode(literalLengths))
    let distanceResult = HuffmanDecodingTable.build(
      lengths: distanceLengths, templates: HuffmanDecodingTable.distanceSymbols,
      rootBits: HuffmanDecodingTable.distanceRootBits, into: &distanceTable)
    // As in zlib: no distance code at all, or a single one-bit code, is accepted; reading an
    // unassigned pattern later is an error.
    try Self.check(
      distanceResult, of: .distance, headerBit: headerBit,
      acceptIncomplete: Self.isSingleOneBitCode(distanceLengths)
        || distanceLengths.allSatisfy({ $0 == 0 }))
  }

  /// Throws the error for an over-subscribed code, or for an incomplete one unless
  /// `acceptIncomplete`.
  private static func check(
    _ result: HuffmanDecodingTable.BuildResult, of table: HuffmanTableKind, headerBit: Int,
    acceptIncomplete: Bool
  ) throws(InflateError) {
    switch result {
    case .complete: break
    case .oversubscribed: throw .oversubscribedCode(table: table, bitOffset: headerBit)
    case .incomplete:
      guard acceptIncomplete else { throw .incompleteCode(table: table, bitOffset: headerBit) }
    }
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
