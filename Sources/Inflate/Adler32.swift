/// The Adler-32 checksum of zlib streams (RFC 1950).
///
/// Sums are reduced modulo 65521 once per 5552 bytes, the longest run that cannot overflow
/// 32 bits; within a run, 16 bytes are summed at a time in SIMD lanes. Feed bytes in any number of ``update(_:)-(UnsafeRawBufferPointer)`` calls;
/// ``value`` is the checksum of everything fed so far (1 for no bytes). The checksum of
/// `"123456789"` is `0x091E01DE`.
public struct Adler32: Checksum, Sendable, Equatable, Hashable {
  /// The running sum of bytes plus one, modulo 65521.
  @usableFromInline var a: UInt32
  /// The running sum of the `a` values, modulo 65521.
  @usableFromInline var b: UInt32

  /// The weight of each lane of a 16-byte chunk in the `b` sum: 16, 15, ..., 1.
  private static let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

  /// Creates a checksum of zero bytes (its ``value`` is 1).
  public init() {
    a = 1
    b = 0
  }

  /// The Adler-32 of all bytes fed so far: `b << 16 | a`.
  public var value: UInt32 { (b << 16) | a }

  /// Feeds `bytes` into the checksum.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    let modulus: UInt32 = 65521
    var a = self.a
    var b = self.b
    var offset = 0
    let count = bytes.count
    while offset < count {
      let blockEnd = offset + min(5552, count - offset)
      // 16 bytes at a time with per-lane sums: `lanes` accumulates each lane's bytes and
      // `prefix` the lane sums before each 16-byte chunk, from which the weighted sum
      // `b` needs is rebuilt at the end of the block.
      let chunks = (blockEnd - offset) / 16
      if chunks > 0 {
        var lanes = SIMD16<UInt32>()
        var prefix = SIMD16<UInt32>()
        for chunk in 0..<chunks {
          let bytes = base.loadUnaligned(
            fromByteOffset: offset + chunk * 16, as: SIMD16<UInt8>.self)
          prefix &+= lanes
          lanes &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
        }
        let length = UInt32(chunks * 16)
        b &+= length &* a
        b &+= 16 &* prefix.wrappedSum()
        b &+= (lanes &* Adler32.weights).wrappedSum()
        a &+= lanes.wrappedSum()
        offset += chunks * 16
      }
      while offset < blockEnd {
        a &+= UInt32(base.load(fromByteOffset: offset, as: UInt8.self))
        b &+= a
        offset += 1
      }
      a %= modulus
      b %= modulus
    }
    self.a = a
    self.b = b
  }
}
