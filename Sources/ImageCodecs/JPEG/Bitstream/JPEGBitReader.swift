/// Reads entropy-coded bits as libjpeg's `jpeg_fill_bit_buffer` (jdhuff.c) does: FF 00 is a
/// data byte FF (any run of FFs before the 00 too), any other FF xx is a marker that ends the
/// segment. Past a marker, or past the end of the data (a fake EOI, as libjpeg's file source
/// inserts), it supplies zero bits and sets `insufficientData` once a zero bit that is not
/// real data is consumed.
struct JPEGBitReader {
  /// The whole file (rebound by a streamed decode before each use).
  var data: UnsafePointer<UInt8>
  /// The file's length.
  let end: Int
  /// The next byte to load.
  var position: Int
  /// Bits, left-aligned (the next bit is bit 63); bits below the valid ones are zero.
  var buffer: UInt64 = 0
  /// Valid bits in `buffer`, including zero padding.
  var bitCount = 0
  /// How many of the valid bits (the lowest ones) are zero padding past a marker.
  var paddingBits = 0
  /// The marker that ended the data (libjpeg `unread_marker`), 0 when none is pending. The end
  /// of the input reads as EOI with `reachedEnd` set.
  var marker: UInt8 = 0
  /// True once the input ran out (the pending marker is then a fake EOI).
  var reachedEnd = false
  /// libjpeg's `insufficient_data`: a bit past the real data was consumed.
  var insufficientData = false

  init(data: UnsafePointer<UInt8>, count: Int, position: Int) {
    self.data = data
    self.end = count
    self.position = min(max(0, position), count)
  }

  /// Makes at least 32 bits available (real or padding). The common case, no FF among the
  /// next eight data bytes, is inline and loads as many whole bytes as fit (4 to 7, leaving
  /// 57 to 63 valid bits); everything else goes through `refilled`.
  @inline(__always)
  mutating func ensure() {
    guard bitCount < 32 else { return }
    if marker == 0 && position &+ 8 <= end {
      let raw = UnsafeRawPointer(data + position).loadUnaligned(as: UInt64.self)
      let inverted = ~raw
      // A zero byte in `inverted` is an FF byte in the data.
      if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
        let count = (63 &- bitCount) &>> 3
        let bits = UInt64(count &* 8)
        // The first `count` bytes, left-aligned, the bits after them zero.
        let loaded = UInt64(bigEndian: raw) & ~(UInt64.max &>> bits)
        buffer |= loaded &>> UInt64(bitCount)
        bitCount &+= count &* 8
        position &+= count
        return
      }
    }
    self = JPEGBitReader.refilled(self)
  }

  /// `reader` with bytes loaded until more than 56 bits are valid, stopping at markers (past
  /// which zero padding is added). Takes and returns the reader by value so that hot loops keep
  /// theirs in registers.
  @inline(never)
  static func refilled(_ reader: JPEGBitReader) -> JPEGBitReader {
    var copy = reader
    copy.refill()
    return copy
  }

  /// Loads bytes until more than 56 bits are valid, stopping at markers.
  mutating func refill() {
    while bitCount <= 56 {
      if marker != 0 {
        paddingBits += 64 - bitCount
        bitCount = 64
        return
      }
      guard position < end else {
        marker = JPEGMarker.eoi.code
        reachedEnd = true
        continue
      }
      let byte = data[position]
      if byte == 0xFF {
        var next = position + 1
        while next < end && data[next] == 0xFF { next += 1 }
        guard next < end else {
          position = end
          marker = JPEGMarker.eoi.code
          reachedEnd = true
          continue
        }
        let code = data[next]
        position = next + 1
        if code != 0 {
          marker = code
          continue
        }
      } else {
        position += 1
      }
      buffer |= UInt64(byte) << UInt64(56 - bitCount)
      bitCount += 8
    }
  }

  /// Drops `count` bits (1...32; call `ensure` first). Consuming padding is noticed by
  /// `noteInsufficientData`, which callers run after each MCU (libjpeg only looks at the flag
  /// between MCUs).
  @inline(__always)
  mutating func consume(_ count: Int) {
    buffer = buffer &<< UInt64(truncatingIfNeeded: count)
    bitCount &-= count
  }

  /// Sets `insufficientData` when bits past the real data were consumed (more bits consumed
  /// than real ones were loaded: padding is only added on top of real bits, so the real count
  /// `bitCount - paddingBits` can only have gone negative that way).
  @inline(__always)
  mutating func noteInsufficientData() {
    if bitCount < paddingBits {
      insufficientData = true
      paddingBits = bitCount
    }
  }

  /// The fast entry (see ``JPEGHuffmanTable``) for the next `lookaheadBits` bits, 0 when none applies.
  @inline(__always)
  func peekFast(_ table: UnsafeRawPointer) -> Int32 {
    table.load(
      fromByteOffset: JPEGHuffmanTable.fastOffset + Int(
        truncatingIfNeeded: buffer &>> UInt64(64 - JPEGHuffmanTable.lookaheadBits)) &* 4,
      as: Int32.self)
  }

  /// The next `count` bits (1...16) as an unsigned value.
  @inline(__always)
  mutating func bits(_ count: Int) -> Int {
    let value = Int(truncatingIfNeeded: buffer &>> UInt64(64 - count))
    consume(count)
    return value
  }

  /// The next bit.
  @inline(__always)
  mutating func bit() -> Bool {
    let value = buffer >> 63 != 0
    consume(1)
    return value
  }

  /// The next `size` bits (1...15) as a JPEG magnitude category value (HUFF_EXTEND).
  @inline(__always)
  mutating func receiveExtend(_ size: Int) -> Int32 {
    let value = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - size))
    consume(size)
    return value < Int32(1) &<< Int32(size - 1) ? value &+ (Int32(-1) &<< Int32(size)) &+ 1 : value
  }

  /// The next Huffman-coded symbol from a ``JPEGHuffmanTable``'s `storage` (call `ensure`
  /// first: up to 17 bits are consumed).
  @inline(__always)
  mutating func decode(_ table: UnsafeRawPointer) -> Int {
    let entry = table.load(
      fromByteOffset: Int(
        truncatingIfNeeded: buffer &>> UInt64(64 - JPEGHuffmanTable.lookaheadBits)) &* 2,
      as: UInt16.self)
    if entry != 0 {
      consume(Int(entry >> 8))
      return Int(entry & 0xFF)
    }
    let (length, symbol) = JPEGBitReader.slowCode(buffer, table)
    consume(length)
    return symbol
  }

  /// Codes longer than the lookahead, bit by bit (Figure F.16), from the left-aligned bits
  /// `buffer`: the code length and symbol. An invalid code yields symbol 0 and length 17, as in
  /// libjpeg's `jpeg_huff_decode`. Static and by value so callers keep their reader in registers.
  @inline(never)
  static func slowCode(_ buffer: UInt64, _ table: UnsafeRawPointer) -> (length: Int, symbol: Int) {
    var length = JPEGHuffmanTable.lookaheadBits + 1
    var code = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - length))
    while length <= 16
      && code
        > table.load(fromByteOffset: JPEGHuffmanTable.maxCodeOffset + 4 * length, as: Int32.self)
    {
      length += 1
      code = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - length))
    }
    if length > 16 { return (17, 0) }
    let offset = table.load(
      fromByteOffset: JPEGHuffmanTable.valueOffsetOffset + 4 * length, as: Int32.self)
    let index = Int((code &+ offset) & 0xFF)
    return (
      length, Int(table.load(fromByteOffset: JPEGHuffmanTable.valuesOffset + index, as: UInt8.self))
    )
  }
}
