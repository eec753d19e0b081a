/// The LZ77 match search of ``DeflateEncoder``: hash chains over a 32 KiB window, as zlib keeps
/// them (3-byte hashes, chains cut at 32 candidates, a search stopped by a 128-byte match).
///
/// `head` holds the most recent position of each hash and `previous` the position before it
/// with the same hash (indexed by position modulo the window), -1 for none.
struct DeflateMatchFinder {
  static let windowSize = 1 << 15
  static let windowMask = windowSize - 1
  /// The farthest back a match may reach (zlib keeps a lookahead margin, as here).
  static let maxDistance = windowSize - 262
  static let hashBits = 15
  static let maxChain = 32
  /// A lazy match at least this long shortens the chain search at the next position by 4×.
  static let goodLength = 8
  /// A match at least this long ends the search.
  static let niceLength = 128

  /// The input.
  let base: UnsafePointer<UInt8>
  /// The number of input bytes.
  let count: Int
  /// The latest position of each hash value.
  let head: UnsafeMutablePointer<Int32>
  /// The previous position with the same hash, indexed by position & ``windowMask``.
  let previous: UnsafeMutablePointer<Int32>

  /// Runs `body` with a match finder over the `count` bytes at `base`, its chains empty.
  static func withFinder<Result>(
    _ base: UnsafePointer<UInt8>, count: Int, _ body: (DeflateMatchFinder) -> Result
  ) -> Result {
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    return head.withUnsafeMutableBufferPointer { headBuffer in
      previous.withUnsafeMutableBufferPointer { previousBuffer in
        body(
          DeflateMatchFinder(
            base: base, count: count, head: headBuffer.baseAddress.unsafelyUnwrapped,
            previous: previousBuffer.baseAddress.unsafelyUnwrapped))
      }
    }
  }

  /// The hash of the 3 bytes at `position` (4 must be readable).
  @inline(__always)
  func hash(_ position: Int) -> Int {
    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)
    return Int(
      ((UInt32(littleEndian: word) & 0xFF_FFFF) &* 2_654_435_761)
        >> UInt32(32 - DeflateMatchFinder.hashBits))
  }

  /// Adds `position` (4 bytes must be readable) to its chain and returns the previous head
  /// of that chain (-1 for none).
  @inline(__always)
  func insert(_ position: Int) -> Int {
    let key = hash(position)
    let candidate = Int(head[key])
    previous[position & DeflateMatchFinder.windowMask] = Int32(truncatingIfNeeded: candidate)
    head[key] = Int32(truncatingIfNeeded: position)
    return candidate
  }

  /// Inserts `position` when 4 bytes are readable there.
  @inline(__always)
  func insertIfRoom(_ position: Int) {
    if position + 4 <= count { _ = insert(position) }
  }

  /// The longest match for `position` (which is inserted into the chains here) that beats
  /// `atLeast`, or length 0; lengths are 3...258, distances 1...``maxDistance``.
  @inline(__always)
  func longestMatch(at position: Int, atLeast: Int) -> (length: Int, distance: Int) {
    guard position + 4 <= count else { return (0, 0) }
    var candidate = insert(position)
    let limit = min(258, count - position)
    var bestLength = max(atLeast, 2)
    guard bestLength < limit else { return (0, 0) }
    var bestDistance = 0
    // As zlib: when the previous position already has a good match, look less hard.
    var chain =
      atLeast >= DeflateMatchFinder.goodLength
      ? DeflateMatchFinder.maxChain >> 2 : DeflateMatchFinder.maxChain
    while candidate >= 0 && chain > 0 {
      let distance = position - candidate
      guard distance > 0, distance <= DeflateMatchFinder.maxDistance else { break }
      // Quick reject: the byte that would extend the best match must agree.
      // (bestLength < limit here, so both reads are inside the input.)
      if base[candidate + bestLength] == base[position + bestLength] {
        let length = Self.matchLength(base + candidate, base + position, limit)
        if length > bestLength {
          bestLength = length
          bestDistance = distance
          if length >= DeflateMatchFinder.niceLength || length >= limit { break }
        }
      }
      let next = Int(previous[candidate & DeflateMatchFinder.windowMask])
      guard next < candidate else { break }
      candidate = next
      chain -= 1
    }
    return bestDistance > 0 && bestLength >= 3 ? (bestLength, bestDistance) : (0, 0)
  }

  /// The number of equal leading bytes at `a` and `b`, at most `limit`.
  @inline(__always)
  static func matchLength(
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
