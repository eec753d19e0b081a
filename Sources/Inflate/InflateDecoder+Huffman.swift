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
    let literalMask = UInt64((1 << HuffmanDecodingTable.literalRootBits) - 1)
    let distanceMask = UInt64((1 << HuffmanDecodingTable.distanceRootBits) - 1)
    let literalFlag = HuffmanDecodingTable.literalFlag
    let specialFlags = HuffmanDecodingTable.endOfBlockFlag | HuffmanDecodingTable.invalidFlag
    let input = cursor.base
    let end = cursor.end
    var position = cursor.position
    var bits = cursor.buffer
    var count = cursor.count
    var out = outputCount
    defer {
      cursor.position = position
      cursor.buffer = bits
      cursor.count = count
      outputCount = out
    }

    while true {
      // Fast path: every refill leaves at least 56 bits, enough for a literal/length code
      // (15), its extra bits (5), a distance code (15) and its extra bits (13).
      fast: while end &- position >= 8 && outputCapacity &- out >= fastOutputMargin {
        bits |=
          UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self))
          &<< UInt64(count)
        position &+= (63 &- count) &>> 3
        count |= 56
        var (entry, length) = lookup(literals, rootMask: literalMask, bits)
        if entry & literalFlag != 0 {
          // A run of literals, as long as a whole code (15 bits) is buffered.
          repeat {
            bits = bits &>> UInt64(length)
            count &-= length
            output[out] = UInt8(truncatingIfNeeded: entry >> 16)
            out &+= 1
            if count < 15 { continue fast }
            (entry, length) = lookup(literals, rootMask: literalMask, bits)
          } while entry & literalFlag != 0
          // A length/distance pair needs 48 bits; otherwise refill and look it up again.
          if count < 48 { continue fast }
        }
        if entry & specialFlags != 0 {
          if entry & HuffmanDecodingTable.endOfBlockFlag != 0 {
            bits = bits &>> UInt64(length)
            count &-= length
            return .endOfBlock
          }
          throw invalidLiteral(entry, bitBase &+ position &* 8 &- count)
        }
        let symbolStart = position &* 8 &- count
        bits = bits &>> UInt64(length)
        count &-= length
        let lengthExtra = UInt64((entry >> 4) & 15)
        let matchLength =
          Int(entry >> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< lengthExtra) &- 1))
        bits = bits &>> lengthExtra
        count &-= Int(lengthExtra)
        let (distanceEntry, distanceLength) = lookup(distances, rootMask: distanceMask, bits)
        if distanceEntry & HuffmanDecodingTable.invalidFlag != 0 {
          throw invalidDistance(distanceEntry, bitBase &+ position &* 8 &- count)
        }
        bits = bits &>> UInt64(distanceLength)
        count &-= distanceLength
        let distanceExtra = UInt64((distanceEntry >> 4) & 15)
        let distance =
          Int(distanceEntry >> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< distanceExtra) &- 1))
        bits = bits &>> distanceExtra
        count &-= Int(distanceExtra)
        guard distance <= out else {
          throw .distanceTooFarBack(
            distance: distance, available: out, bitOffset: bitBase &+ symbolStart)
        }
        copyMatch(output, at: out, distance: distance, length: matchLength)
        out &+= matchLength
      }

      // Checked path: one symbol with exact input and output accounting. On a shortage the
      // cursor is rewound to the symbol's start.
      let savedPosition = position
      let savedBits = bits
      let savedCount = count
      let symbolStart = position &* 8 &- count
      while count < 56 && position < end {
        bits |= UInt64(input.load(fromByteOffset: position, as: UInt8.self)) &<< UInt64(count)
        position &+= 1
        count &+= 8
      }
      let (entry, length) = lookup(literals, rootMask: literalMask, bits)
      guard length <= count else {
        if isFinal { throw .unexpectedEndOfInput(byteOffset: inputEnd) }
        position = savedPosition
        bits = savedBits
        count = savedCount
        return .needsInput
      }
      bits = bits &>> UInt64(length)
      count &-= length
      if entry & literalFlag != 0 {
        guard out < outputCapacity else {
          position = savedPosition
          bits = savedBits
          count = savedCount
          return .needsOutput(1)
        }
        output[out] = UInt8(truncatingIfNeeded: entry >> 16)
        out &+= 1
        continue
      }
      if entry & specialFlags != 0 {
        if entry & HuffmanDecodingTable.endOfBlockFlag != 0 { return .endOfBlock }
        throw invalidLiteral(entry, bitBase &+ symbolStart)
      }
      let lengthExtra = Int((entry >> 4) & 15)
      let distanceStart = position &* 8 &- count &+ lengthExtra
      let (distanceEntry, distanceLength) = lookup(
        distances, rootMask: distanceMask, bits &>> UInt64(lengthExtra))
      let distanceExtra = Int((distanceEntry >> 4) & 15)
      let needed = lengthExtra + distanceLength + distanceExtra
      guard needed <= count else {
        if isFinal { throw .unexpectedEndOfInput(byteOffset: inputEnd) }
        position = savedPosition
        bits = savedBits
        count = savedCount
        return .needsInput
      }
      if distanceEntry & HuffmanDecodingTable.invalidFlag != 0 {
        throw invalidDistance(distanceEntry, bitBase &+ distanceStart)
      }
      let matchLength =
        Int(entry >> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(lengthExtra)) &- 1))
      bits = bits &>> UInt64(lengthExtra &+ distanceLength)
      let distance =
        Int(distanceEntry >> 16)
        &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(distanceExtra)) &- 1))
      bits = bits &>> UInt64(distanceExtra)
      count &-= needed
      guard distance <= out else {
        throw .distanceTooFarBack(
          distance: distance, available: out, bitOffset: bitBase &+ symbolStart)
      }
      guard outputCapacity &- out >= matchLength else {
        position = savedPosition
        bits = savedBits
        count = savedCount
        return .needsOutput(matchLength)
      }
      for index in 0..<matchLength {
        output[out &+ index] = output[out &- distance &+ index]
      }
      out &+= matchLength
    }
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
