/// A DEFLATE (RFC 1951) compressor with zlib (RFC 1950) framing, for the PNG encoder.
///
/// LZ77 with hash chains over a 32 KiB window (3-byte minimum match, chains cut at 32
/// candidates, stop at a 128-byte match, one-step lazy matching, like zlib's default level),
/// then blocks of up to 32,768 symbols each written with whichever of dynamic Huffman, fixed
/// Huffman or stored costs fewest bits.
package enum DeflateEncoder {
  private static let windowSize = 1 << 15
  private static let windowMask = windowSize - 1
  /// The farthest back a match may reach (zlib keeps a lookahead margin, as here).
  private static let maxDistance = windowSize - 262
  private static let hashBits = 15
  private static let maxChain = 32
  /// A lazy match at least this long shortens the chain search at the next position by 4×.
  private static let goodLength = 8
  private static let niceLength = 128
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
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    var block = DeflateBlock(capacity: blockSymbols)
    var blockStart = 0
    head.withUnsafeMutableBufferPointer { headBuffer in
      previous.withUnsafeMutableBufferPointer { previousBuffer in
        guard let head = headBuffer.baseAddress, let previous = previousBuffer.baseAddress else {
          return
        }

        @inline(__always) func hash(_ position: Int) -> Int {
          let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)
          return Int(
            ((UInt32(littleEndian: word) & 0xFF_FFFF) &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        @inline(__always) func insert(_ position: Int) -> Int {
          let key = hash(position)
          let candidate = Int(head[key])
          previous[position & windowMask] = Int32(truncatingIfNeeded: candidate)
          head[key] = Int32(truncatingIfNeeded: position)
          return candidate
        }
        /// The longest match for `position` (inserted into the chains here), or length 0.
        @inline(__always) func findMatch(_ position: Int, atLeast: Int) -> (
          length: Int, distance: Int
        ) {
          guard position + 4 <= count else { return (0, 0) }
          var candidate = insert(position)
          let limit = min(258, count - position)
          var bestLength = max(atLeast, 2)
          guard bestLength < limit else { return (0, 0) }
          var bestDistance = 0
          // As zlib: when the previous position already has a good match, look less hard.
          var chain = atLeast >= goodLength ? maxChain >> 2 : maxChain
          while candidate >= 0 && chain > 0 {
            let distance = position - candidate
            guard distance > 0, distance <= maxDistance else { break }
            // Quick reject: the byte that would extend the best match must agree.
            // (bestLength < limit here, so both reads are inside the input.)
            if base[candidate + bestLength] == base[position + bestLength] {
              let length = matchLength(base + candidate, base + position, limit)
              if length > bestLength {
                bestLength = length
                bestDistance = distance
                if length >= niceLength || length >= limit { break }
              }
            }
            let next = Int(previous[candidate & windowMask])
            guard next < candidate else { break }
            candidate = next
            chain -= 1
          }
          return bestDistance > 0 && bestLength >= 3 ? (bestLength, bestDistance) : (0, 0)
        }

        var position = 0
        var pendingLength = 0
        var pendingDistance = 0
        var hasPending = false
        while position < count {
          var length = 0
          var distance = 0
          if pendingLength < lazyLimit {
            (length, distance) = findMatch(position, atLeast: hasPending ? pendingLength : 0)
          } else if position + 4 <= count {
            _ = insert(position)
          }
          if hasPending && pendingLength >= 3 && length <= pendingLength {
            // The match found at the previous position wins.
            block.addMatch(length: pendingLength, distance: pendingDistance)
            let end = position - 1 + pendingLength
            var next = position + 1
            while next < end {
              if next + 4 <= count { _ = insert(next) }
              next += 1
            }
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
      }
    }
    block.write(
      to: &writer,
      source: UnsafeRawBufferPointer(start: base + blockStart, count: count - blockStart),
      isFinal: true)
    writer.alignToByte()
  }

  /// The number of equal leading bytes at `a` and `b`, at most `limit`.
  @inline(__always)
  private static func matchLength(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int
  ) -> Int {
    var length = 0
    while length + 8 <= limit {
      let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
      let difference = UInt64(littleEndian: x ^ y)
      if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
      length += 8
    }
    while length < limit && a[length] == b[length] { length += 1 }
    return length
  }
}
