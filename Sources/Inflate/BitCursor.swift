/// A least-significant-bit-first reader over one contiguous input buffer.
///
/// `buffer` holds `count` unread bits (bit 0 is next). Bits above `count` are either zero
/// or copies of the bytes at `position`, so refilling by OR-ing bytes in is always exact.
/// The stream position in bits is `position * 8 - count`.
struct BitCursor {
  /// Start of the input.
  let base: UnsafeRawPointer
  /// Number of input bytes.
  let end: Int
  /// Next input byte not yet in `buffer`.
  var position: Int
  /// Unread bits, least significant first.
  var buffer: UInt64
  /// Number of valid bits in `buffer` (0...63).
  var count: Int

  /// Refills one byte at a time until at least `bits` (at most 56) bits are buffered.
  /// Returns `false` if the input ends first (the bits that exist are still buffered).
  @inline(__always)
  mutating func ensure(_ bits: Int) -> Bool {
    while count < bits {
      guard position < end else { return false }
      buffer |= UInt64(base.load(fromByteOffset: position, as: UInt8.self)) &<< UInt64(count)
      position &+= 1
      count &+= 8
    }
    return true
  }

  /// Fills the buffer to at least 56 bits with one 8-byte load; at least 8 input bytes must
  /// remain at `position`.
  @inline(__always)
  mutating func refillWord() {
    buffer |=
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      &<< UInt64(count)
    position &+= (63 &- count) &>> 3
    count |= 56
  }

  /// Returns the next `bits` (0...32) bits without consuming them.
  @inline(__always)
  func peek(_ bits: Int) -> Int {
    Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(bits)) &- 1))
  }

  /// Consumes `bits` bits (at most `count`).
  @inline(__always)
  mutating func drop(_ bits: Int) {
    buffer = buffer &>> UInt64(bits)
    count &-= bits
  }

  /// Consumes and returns the next `bits` (0...32) bits; `ensure` them first.
  @inline(__always)
  mutating func take(_ bits: Int) -> Int {
    let value = peek(bits)
    drop(bits)
    return value
  }

  /// Discards the bits up to the next byte boundary.
  @inline(__always)
  mutating func alignToByte() {
    drop(count & 7)
  }

  /// The read position in bits from the start of this buffer.
  var bitPosition: Int { position &* 8 &- count }
}
