/// The growing output buffer of a decompression, which is also its back-reference window.
///
/// `storage` is zero-filled past `count` and always holds at least one spare byte (so its
/// base address exists even for empty output); the usable capacity is `storage.count - 1`.
/// It never grows past `limit`: asking for room beyond it throws instead of allocating.
struct InflateOutput: Sendable {
  /// Decompressed bytes in `0..<count`, zero padding after.
  var storage: [UInt8]
  /// Number of decompressed bytes held (produced so far minus `discarded`).
  var count: Int
  /// Bytes dropped from the front by ``discard(_:)``: `storage[0]` is output byte
  /// `discarded`.
  var discarded = 0
  /// The most bytes the output may hold.
  let limit: Int
  /// Whether `limit` is the exact expected size (changes which error is thrown).
  let isExact: Bool
  /// Capacity to start with when the size is unknown.
  let initialCapacity: Int

  /// DEFLATE cannot expand one input byte into more than 1032 output bytes: a 258-byte
  /// match takes at least 2 bits (a 1-bit length code and a 1-bit distance code).
  static let maxExpansion = 1032

  /// Creates an empty output for `limits`, allocating the exact size at once when it is known
  /// and the whole input is at hand (one-shot decoding).
  ///
  /// `compressedSize` is the whole input's size when known (one-shot decoding), used to
  /// pick a first capacity and to avoid allocating an expected size that the input cannot
  /// possibly produce (the stream then fails as shorter than expected).
  init(limits: InflateLimits, compressedSize: Int?) throws(InflateError) {
    let maximum = max(0, limits.maxOutputBytes)
    count = 0
    var possible = Int.max
    if let compressedSize {
      let (product, overflow) = compressedSize.multipliedReportingOverflow(by: Self.maxExpansion)
      if !overflow && product <= Int.max - Self.maxExpansion {
        possible = product + Self.maxExpansion
      }
    }
    if let expected = limits.expectedOutputBytes {
      let exact = max(0, expected)
      guard exact <= maximum else { throw .outputLimitExceeded(limit: maximum) }
      limit = exact
      isExact = true
      // Streaming (input size unknown): start small and grow, so a header that promises a
      // large output cannot make us allocate it before the data arrive.
      initialCapacity = min(exact, possible, compressedSize == nil ? 1 << 20 : Int.max)
      storage = [UInt8](repeating: 0, count: initialCapacity + 1)
    } else {
      limit = maximum
      isExact = false
      let sizeHint = compressedSize ?? 0
      let hint = sizeHint > maximum / 4 ? maximum : max(sizeHint * 4, 32 << 10)
      initialCapacity = min(maximum, hint, possible)
      storage = [0]
    }
  }

  /// Usable capacity of `storage`, never past the room `limit` leaves after the discarded bytes.
  var capacity: Int { min(storage.count - 1, limit - discarded) }

  /// Ensures room for `needed` more bytes, growing geometrically up to `limit`.
  ///
  /// Throws ``InflateError/outputLimitExceeded(limit:)`` (or
  /// ``InflateError/outputLongerThanExpected(expected:)`` for an exact size) when
  /// `count + needed` exceeds the limit; nothing is allocated then.
  mutating func makeRoom(_ needed: Int) throws(InflateError) {
    let required = count + needed
    guard required <= limit - discarded else {
      throw isExact
        ? .outputLongerThanExpected(expected: limit) : .outputLimitExceeded(limit: limit)
    }
    if required <= storage.count - 1 { return }
    let target = min(limit - discarded, max(required, max(0, capacity) * 2, initialCapacity))
    // A zero-filled array and one bulk copy are much faster than appending repeated zeros.
    var grown = [UInt8](repeating: 0, count: target + 1)
    let kept = min(count, storage.count)
    grown.withUnsafeMutableBufferPointer { target in
      storage.withUnsafeBufferPointer { source in
        guard let to = target.baseAddress, let from = source.baseAddress else { return }
        to.update(from: from, count: kept)
      }
    }
    storage = grown
  }

  /// Drops the zero padding so that `storage` is exactly the output.
  /// Drops the first `bytes` (0...count) held bytes, moving the rest to the front; the room
  /// left stays zero-filled past `count`.
  mutating func discard(_ bytes: Int) {
    guard bytes > 0 else { return }
    let kept = count - bytes
    storage.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.update(from: base + bytes, count: kept)
      (base + kept).update(repeating: 0, count: bytes)
    }
    count = kept
    discarded += bytes
  }

  mutating func trim() {
    if storage.count > count {
      storage.removeLast(storage.count - count)
    }
  }
}
