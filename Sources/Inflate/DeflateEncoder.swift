/// A DEFLATE (RFC 1951) compressor with zlib (RFC 1950) framing, for the PNG encoder.
///
/// LZ77 with hash chains over a 32 KiB window (``DeflateMatchFinder``: 3-byte minimum match,
/// chains cut at 32 candidates, stop at a 128-byte match) and one-step lazy matching, like
/// zlib's default level, then blocks of up to 32,768 symbols each written with whichever of
/// dynamic Huffman, fixed Huffman or stored costs fewest bits.
package enum DeflateEncoder {
  /// Matches at least this long are taken without trying the next position.
  private static let lazyLimit = 32
  private static let blockSymbols = 1 << 15

  /// Compresses `input` into a zlib stream (header 78 9C, DEFLATE data, Adler-32).
  package static func zlib(_ input: [UInt8]) -> [UInt8] {
    var writer = DeflateBitWriter(prefix: [0x78, 0x9C], capacity: input.count / 2 + 64)
    input.withUnsafeBytes { compress($0, into: &writer) }
    let adler = Adler32.checksum(input)
    writer.appendAligned([
      UInt8(truncatingIfNeeded: adler >> 24), UInt8(truncatingIfNeeded: adler >> 16),
      UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler),
    ])
    return writer.bytes
  }

  /// Compresses `input` as raw DEFLATE blocks into `writer`, ending byte-aligned.
  static func compress(_ input: UnsafeRawBufferPointer, into writer: inout DeflateBitWriter) {
    let count = input.count
    guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self), count > 0 else {
      // An empty final fixed block: BFINAL=1, BTYPE=01, end-of-block (7 zero bits).
      writer.write(0b011, count: 3)
      writer.write(0, count: 7)
      writer.alignToByte()
      return
    }
    var block = DeflateBlock(capacity: blockSymbols)
    let blockStart = DeflateMatchFinder.withFinder(base, count: count) { finder in
      parse(finder, block: &block, writer: &writer)
    }
    block.write(
      to: &writer,
      source: UnsafeRawBufferPointer(start: base + blockStart, count: count - blockStart),
      isFinal: true)
    writer.alignToByte()
  }

  /// Turns the whole input into literals and matches with one-step lazy matching (zlib's
  /// `deflate_slow`): a match found at one position is kept only if the next position has no
  /// longer one. Writes every block that fills up; returns where the last, unwritten block
  /// starts (its symbols are in `block`).
  private static func parse(
    _ finder: DeflateMatchFinder, block: inout DeflateBlock, writer: inout DeflateBitWriter
  ) -> Int {
    let base = finder.base
    let count = finder.count
    var blockStart = 0
    var position = 0
    // The match found at the previous position, not yet emitted (`hasPending`), or the
    // previous byte as a literal when its length is 0.
    var pendingLength = 0
    var pendingDistance = 0
    var hasPending = false
    while position < count {
      var length = 0
      var distance = 0
      if pendingLength < lazyLimit {
        (length, distance) = finder.longestMatch(
          at: position, atLeast: hasPending ? pendingLength : 0)
      } else {
        finder.insertIfRoom(position)
      }
      if hasPending && pendingLength >= 3 && length <= pendingLength {
        // The match found at the previous position wins.
        block.addMatch(length: pendingLength, distance: pendingDistance)
        let end = position - 1 + pendingLength
        for next in (position + 1)..<max(position + 1, end) { finder.insertIfRoom(next) }
        position = end
        hasPending = false
        pendingLength = 0
      } else {
        if hasPending { block.addLiteral(base[position - 1]) }
        hasPending = true
        pendingLength = length
        pendingDistance = distance
        position += 1
      }
      if block.isFull {
        let end = hasPending ? position - 1 : position
        block.write(
          to: &writer,
          source: UnsafeRawBufferPointer(start: base + blockStart, count: end - blockStart),
          isFinal: false)
        block.reset()
        blockStart = end
      }
    }
    if hasPending { block.addLiteral(base[count - 1]) }
    return blockStart
  }
}
