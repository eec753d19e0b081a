extension InflateDecoder {
  /// Output space the fast loop keeps free: the longest match (258), 8 bytes that
  /// word-sized copies may overwrite past a match's end, and up to 15 literals decoded
  /// from one refill before a match.
  static let fastOutputMargin = 258 + 8 + 15

  /// Decodes symbols of the current Huffman block until its end, the end of the input, or
  /// the end of the output space.
  func decodeHuffman(
    _ cursor: inout BitCursor, isFinal: Bool, output: inout InflateOutput
  ) throws(InflateError) -> HuffmanStatus {
    let literals = usesFixedTables ? HuffmanDecodingTable.fixedLiteralTable : literalTable
    let distances = usesFixedTables ? HuffmanDecodingTable.fixedDistanceTable : distanceTable
    let bitBase = consumedBefore * 8
    let inputEnd = consumedBefore + cursor.end
    return try literals.withUnsafeBufferPointer { (literalBuffer) throws(InflateError) in
      try distances.withUnsafeBufferPointer { (distanceBuffer) throws(InflateError) in
        let outputCapacity = output.capacity
        var outputCount = output.count
        defer { output.count = outputCount }
        return try output.storage.withUnsafeMutableBufferPointer {
          (outputBuffer) throws(InflateError) in
          // All three buffers are non-empty (tables are allocated before use; the output
          // always has a spare byte), so their base addresses exist.
          try Self.decodeSymbols(
            literals: literalBuffer.baseAddress.unsafelyUnwrapped,
            distances: distanceBuffer.baseAddress.unsafelyUnwrapped,
            cursor: &cursor,
            output: outputBuffer.baseAddress.unsafelyUnwrapped,
            outputCapacity: outputCapacity,
            outputCount: &outputCount,
            isFinal: isFinal,
            bitBase: bitBase,
            inputEnd: inputEnd)
        }
      }
    }
  }

  /// Looks up the entry for the bits at the bottom of `bits`, following a sub-table link.
  /// Returns the entry and the total number of code bits it consumes.
  @inline(__always)
  static func lookup(_ table: UnsafePointer<UInt32>, rootMask: UInt64, _ bits: UInt64) -> (
    UInt32, Int
  ) {
    var entry = table[Int(truncatingIfNeeded: bits & rootMask)]
    var length = Int(entry & 15)
    if entry & HuffmanDecodingTable.subtableFlag != 0 {
      let subMask = (UInt64(1) &<< UInt64((entry >> 4) & 15)) &- 1
      entry =
        table[Int(entry >> 16) &+ Int(truncatingIfNeeded: (bits &>> UInt64(length)) & subMask)]
      length &+= Int(entry & 15)
    }
    return (entry, length)
  }

  /// The hot loop: a fast path while at least 8 input bytes and ``fastOutputMargin`` output
  /// bytes remain, then a checked path one symbol at a time.
  @inline(__always)
  static func decodeSymbols(
    literals: UnsafePointer<UInt32>,
    distances: UnsafePointer<UInt32>,
    cursor: inout BitCursor,
    output: UnsafeMutablePointer<UInt8>,
    outputCapacity: Int,
    outputCount: inout Int,
    isFinal: Bool,
    bitBase: Int,
    inputEnd: Int
  ) throws(InflateError) -> HuffmanStatus {
    let block = HuffmanBlockContext(
      literals: literals, distances: distances, output: output, outputCapacity: outputCapacity,
      isFinal: isFinal, bitBase: bitBase, inputEnd: inputEnd)
    // Local copies, so that the inlined loops keep them in registers.
    var bits = cursor
    var out = outputCount
    defer {
      cursor = bits
      outputCount = out
    }
    while true {
      if try decodeFast(&bits, &out, block) { return .endOfBlock }
      let (state, written, status) = try decodeChecked(bits, out, block)
      bits = state
      out = written
      if let status { return status }
    }
  }

  /// Decodes symbols while at least 8 input bytes and ``fastOutputMargin`` output bytes
  /// remain. Returns true at the end of the block, false when a margin runs out.
  @inline(__always)
  static func decodeFast(
    _ bits: inout BitCursor, _ out: inout Int, _ block: HuffmanBlockContext
  ) throws(InflateError) -> Bool {
    // Every refill leaves at least 56 bits, enough for a literal/length code (15), its extra
    // bits (5), a distance code (15) and its extra bits (13).
    fast: while bits.end &- bits.position >= 8 && block.outputCapacity &- out >= fastOutputMargin {
      bits.refillWord()
      var (entry, length) = lookup(
        block.literals, rootMask: HuffmanDecodingTable.literalRootMask, bits.buffer)
      if entry & HuffmanDecodingTable.literalFlag != 0 {
        // A run of literals, as long as a whole code (15 bits) is buffered.
        repeat {
          bits.drop(length)
          block.output[out] = UInt8(truncatingIfNeeded: entry >> 16)
          out &+= 1
          if bits.count < 15 { continue fast }
          (entry, length) = lookup(
            block.literals, rootMask: HuffmanDecodingTable.literalRootMask, bits.buffer)
        } while entry & HuffmanDecodingTable.literalFlag != 0
        // A length/distance pair needs 48 bits; otherwise refill and look it up again.
        if bits.count < 48 { continue fast }
      }
      if entry & HuffmanDecodingTable.specialFlags != 0 {
        if entry & HuffmanDecodingTable.endOfBlockFlag != 0 {
          bits.drop(length)
          return true
        }
        throw invalidLiteral(entry, block.bitBase &+ bits.bitPosition)
      }
      try copyFastMatch(entry, length, &bits, &out, block)
    }
    return false
  }

  /// Decodes the rest of a match whose length entry (`length` code bits, not consumed yet)
  /// the fast path looked up, and copies the match; 48 bits must be buffered.
  @inline(__always)
  static func copyFastMatch(
    _ entry: UInt32, _ length: Int, _ bits: inout BitCursor, _ out: inout Int,
    _ block: HuffmanBlockContext
  ) throws(InflateError) {
    let symbolStart = bits.bitPosition
    bits.drop(length)
    let matchLength = Int(entry >> 16) &+ bits.take(Int((entry >> 4) & 15))
    let (distanceEntry, distanceLength) = lookup(
      block.distances, rootMask: HuffmanDecodingTable.distanceRootMask, bits.buffer)
    if distanceEntry & HuffmanDecodingTable.invalidFlag != 0 {
      throw invalidDistance(distanceEntry, block.bitBase &+ bits.bitPosition)
    }
    bits.drop(distanceLength)
    let distance = Int(distanceEntry >> 16) &+ bits.take(Int((distanceEntry >> 4) & 15))
    guard distance <= out else {
      throw .distanceTooFarBack(
        distance: distance, available: out, bitOffset: block.bitBase &+ symbolStart)
    }
    copyMatch(block.output, at: out, distance: distance, length: matchLength)
    out &+= matchLength
  }

  /// Decodes one symbol with exact input and output accounting: returns the cursor, the output
  /// count and nil to go on, or why decoding stops; on a shortage the cursor comes back
  /// rewound to the symbol's start. Out of line (it runs at the ends of the input and output
  /// only), taking and returning its state by value so that the fast loop keeps its own in
  /// registers.
  @inline(never)
  static func decodeChecked(_ cursor: BitCursor, _ written: Int, _ block: HuffmanBlockContext)
    throws(InflateError) -> (BitCursor, Int, HuffmanStatus?)
  {
    var bits = cursor
    var out = written
    let status = try decodeOneChecked(&bits, &out, block)
    return (bits, out, status)
  }

  /// The body of ``decodeChecked(_:_:_:)``.
  @inline(__always)
  static func decodeOneChecked(
    _ bits: inout BitCursor, _ out: inout Int, _ block: HuffmanBlockContext
  ) throws(InflateError) -> HuffmanStatus? {
    let saved = bits
    let symbolStart = bits.bitPosition
    _ = bits.ensure(56)
    let (entry, length) = lookup(
      block.literals, rootMask: HuffmanDecodingTable.literalRootMask, bits.buffer)
    guard length <= bits.count else { return try block.needInput(&bits, rewindingTo: saved) }
    bits.drop(length)
    if entry & HuffmanDecodingTable.literalFlag != 0 {
      guard out < block.outputCapacity else {
        bits = saved
        return .needsOutput(1)
      }
      block.output[out] = UInt8(truncatingIfNeeded: entry >> 16)
      out &+= 1
      return nil
    }
    if entry & HuffmanDecodingTable.specialFlags != 0 {
      if entry & HuffmanDecodingTable.endOfBlockFlag != 0 { return .endOfBlock }
      throw invalidLiteral(entry, block.bitBase &+ symbolStart)
    }
    let lengthExtra = Int((entry >> 4) & 15)
    let distanceStart = bits.bitPosition &+ lengthExtra
    let (distanceEntry, distanceLength) = lookup(
      block.distances, rootMask: HuffmanDecodingTable.distanceRootMask,
      bits.buffer &>> UInt64(lengthExtra))
    let distanceExtra = Int((distanceEntry >> 4) & 15)
    guard lengthExtra + distanceLength + distanceExtra <= bits.count else {
      return try block.needInput(&bits, rewindingTo: saved)
    }
    if distanceEntry & HuffmanDecodingTable.invalidFlag != 0 {
      throw invalidDistance(distanceEntry, block.bitBase &+ distanceStart)
    }
    let matchLength = Int(entry >> 16) &+ bits.take(lengthExtra)
    bits.drop(distanceLength)
    let distance = Int(distanceEntry >> 16) &+ bits.take(distanceExtra)
    guard distance <= out else {
      throw .distanceTooFarBack(
        distance: distance, available: out, bitOffset: block.bitBase &+ symbolStart)
    }
    guard block.outputCapacity &- out >= matchLength else {
      bits = saved
      return .needsOutput(matchLength)
    }
    for index in 0..<matchLength {
      block.output[out &+ index] = block.output[out &- distance &+ index]
    }
    out &+= matchLength
    return nil
  }

  /// Copies a match of `length` bytes from `distance` bytes back, handling overlap. May
  /// write up to 7 bytes past the match's end (the fast path keeps room for them).
  @inline(__always)
  static func copyMatch(
    _ output: UnsafeMutablePointer<UInt8>, at start: Int, distance: Int, length: Int
  ) {
    let raw = UnsafeMutableRawPointer(output)
    let end = start &+ length
    if distance >= 8 {
      // Every 8-byte load reads bytes already final, even when source and target overlap.
      var target = start
      repeat {
        raw.storeBytes(
          of: raw.loadUnaligned(fromByteOffset: target &- distance, as: UInt64.self),
          toByteOffset: target, as: UInt64.self)
        target &+= 8
      } while target < end
    } else if distance == 1 {
      let pattern = UInt64(output[start &- 1]) &* 0x0101_0101_0101_0101
      var target = start
      repeat {
        raw.storeBytes(of: pattern, toByteOffset: target, as: UInt64.self)
        target &+= 8
      } while target < end
    } else {
      // Short period: copy bytes until a whole number of periods spans 8 bytes, then copy
      // words from that many periods back.
      let step = distance &* ((8 &+ distance &- 1) / distance)
      let head = min(length, step &- distance)
      var target = start
      while target < start &+ head {
        output[target] = output[target &- distance]
        target &+= 1
      }
      while target < end {
        raw.storeBytes(
          of: raw.loadUnaligned(fromByteOffset: target &- step, as: UInt64.self),
          toByteOffset: target, as: UInt64.self)
        target &+= 8
      }
    }
  }

  /// The error for an invalid literal/length entry.
  static func invalidLiteral(_ entry: UInt32, _ bitOffset: Int) -> InflateError {
    let symbol = entry >> 16
    if symbol == HuffmanDecodingTable.unassignedSymbol {
      return .unassignedCode(table: .literalLength, bitOffset: bitOffset)
    }
    return .invalidLiteralLengthSymbol(symbol: Int(symbol), bitOffset: bitOffset)
  }

  /// The error for an invalid distance entry.
  static func invalidDistance(_ entry: UInt32, _ bitOffset: Int) -> InflateError {
    let symbol = entry >> 16
    if symbol == HuffmanDecodingTable.unassignedSymbol {
      return .unassignedCode(table: .distance, bitOffset: bitOffset)
    }
    return .invalidDistanceSymbol(symbol: Int(symbol), bitOffset: bitOffset)
  }
}
