/// Writes a DEFLATE bit stream: values least-significant bit first, through a 64-bit buffer.
struct DeflateBitWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8]
  private var buffer: UInt64 = 0
  private var bitCount = 0

  /// Creates a writer whose output starts with `prefix` (e.g. a zlib header).
  init(prefix: [UInt8] = [], capacity: Int = 0) {
    bytes = prefix
    bytes.reserveCapacity(max(capacity, prefix.count))
  }

  /// Appends the low `count` bits of `value` (count ≤ 32; higher bits of `value` must be 0).
  @inline(__always)
  mutating func write(_ value: UInt32, count: Int) {
    buffer |= UInt64(value) << UInt64(bitCount)
    bitCount += count
    if bitCount >= 32 {
      let word = UInt32(truncatingIfNeeded: buffer)
      bytes.append(UInt8(truncatingIfNeeded: word))
      bytes.append(UInt8(truncatingIfNeeded: word >> 8))
      bytes.append(UInt8(truncatingIfNeeded: word >> 16))
      bytes.append(UInt8(truncatingIfNeeded: word >> 24))
      buffer >>= 32
      bitCount -= 32
    }
  }

  /// Pads with zero bits to a byte boundary and flushes the buffer.
  mutating func alignToByte() {
    while bitCount > 0 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      bitCount = max(0, bitCount - 8)
    }
    buffer = 0
  }

  /// Appends whole bytes; the writer must be byte-aligned (call ``alignToByte()`` first).
  mutating func appendAligned(_ data: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: data)
  }

  /// Appends whole bytes; the writer must be byte-aligned.
  mutating func appendAligned(_ data: [UInt8]) {
    bytes.append(contentsOf: data)
  }
}
