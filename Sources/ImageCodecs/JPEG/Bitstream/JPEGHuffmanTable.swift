/// A Huffman decoding table built and validated as libjpeg's `jpeg_make_d_derived_tbl`
/// (jdhuff.c) builds it: a 10-bit lookahead table for short codes plus `maxCode`/`valueOffset`
/// for the bit-by-bit slow path.
///
/// Rejected like libjpeg: more than 256 symbols, a code set that over-subscribes a length (a
/// code of all one bits), and DC symbols above 15. An undecodable bit pattern decodes to symbol
/// 0 after consuming 17 bits, as in libjpeg.
final class JPEGHuffmanTable {
  /// Bits of lookahead in the lookup and fast tables (10 measured faster than 9 and 11 on
  /// 1800×1200 quality-90 files: more codes with their magnitude bits fit, the tables still
  /// stay in L1).
  static let lookaheadBits = 10
  /// Byte offset of the maximum-code table (Int32 × 18) in `storage`.
  static let maxCodeOffset = 2 << lookaheadBits
  /// Byte offset of the value-offset table (Int32 × 18) in `storage`.
  static let valueOffsetOffset = maxCodeOffset + 72
  /// Byte offset of the symbols (UInt8 × 256) in `storage`.
  static let valuesOffset = valueOffsetOffset + 72
  /// Byte offset of the fast table (Int32 × 2^lookaheadBits) in `storage`.
  static let fastOffset = valuesOffset + 256
  /// Bytes in `storage`.
  static let storageSize = fastOffset + (4 << lookaheadBits)

  /// One allocation holding, in order: the lookup table indexed by the next 10 bits
  /// (`UInt16` × 1024: `length << 8 | symbol`, or 0 when the code is longer than 10 bits or
  /// invalid); for code lengths 1...17 the largest code of that length (`Int32` × 18, -1 when
  /// none, 17 a sentinel); for lengths 1...16 the index of the first symbol of that length minus
  /// its code (`Int32` × 18); the symbols (`UInt8` × 256, zero-filled); and the fast table,
  /// indexed by the next 10 bits, a whole code plus its magnitude bits when both fit in 10
  /// bits (`Int32` × 1024: `value << 16 | run << 8 | total length`, 0 when not): AC run/size codes
  /// with a size, and DC size codes (size 0 included, value 0; run 0). Hot loops read it
  /// through a raw pointer, without reference counting.
  let storage: UnsafeMutableRawPointer

  /// The table for `counts` (codes of each length 1...16) and `symbols`, for DC use when
  /// `isDC`. Throws `.invalid` for a code set libjpeg rejects.
  init(counts: [UInt8], symbols: [UInt8], isDC: Bool) throws(DecodeError) {
    let sizes = try Self.codeLengths(counts)
    guard symbols.count >= sizes.count else {
      throw .invalid(
        format: .jpeg, offset: nil, reason: "a Huffman table has fewer symbols than codes")
    }
    let codes = try Self.canonicalCodes(sizes)
    if isDC {
      for symbol in symbols.prefix(sizes.count) where symbol > 15 {
        throw .invalid(
          format: .jpeg, offset: nil,
          reason: "a DC Huffman table has the symbol \(symbol) (at most 15 is allowed)")
      }
    }
    storage = .allocate(byteCount: JPEGHuffmanTable.storageSize, alignment: 8)
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: JPEGHuffmanTable.storageSize)
    Self.fillSlowPath(storage, counts: counts, codes: codes, symbols: symbols)
    Self.fillLookahead(storage, sizes: sizes, codes: codes, symbols: symbols, isDC: isDC)
  }

  /// The code length of each code in order (Figure C.1); throws past 256 codes or unless
  /// there are 16 counts.
  private static func codeLengths(_ counts: [UInt8]) throws(DecodeError) -> [Int] {
    guard counts.count == 16 else {
      throw .invalid(
        format: .jpeg, offset: nil, reason: "a Huffman table needs 16 code-length counts")
    }
    var sizes: [Int] = []
    sizes.reserveCapacity(256)
    for length in 1...16 {
      let count = Int(counts[length - 1])
      guard sizes.count + count <= 256 else {
        throw .invalid(
          format: .jpeg, offset: nil, reason: "a Huffman table has more than 256 codes")
      }
      for _ in 0..<count { sizes.append(length) }
    }
    return sizes
  }

  /// The canonical code of each code length in `sizes` (Figure C.2), checking that no code is
  /// all ones.
  private static func canonicalCodes(_ sizes: [Int]) throws(DecodeError) -> [Int] {
    var codes = [Int](repeating: 0, count: sizes.count)
    var code = 0
    var index = 0
    var size = sizes.first ?? 0
    while index < sizes.count {
      while index < sizes.count && sizes[index] == size {
        codes[index] = code
        code += 1
        index += 1
      }
      guard code < 1 << size else {
        throw .invalid(
          format: .jpeg, offset: nil,
          reason: "a Huffman table's code lengths over-subscribe length \(size)")
      }
      code <<= 1
      size += 1
    }
    return codes
  }

  /// Writes the maximum codes, value offsets and symbols of the bit-by-bit path into the
  /// zero-filled `storage`.
  private static func fillSlowPath(
    _ storage: UnsafeMutableRawPointer, counts: [UInt8], codes: [Int], symbols: [UInt8]
  ) {
    for length in 0..<18 {
      storage.storeBytes(of: Int32(-1), toByteOffset: maxCodeOffset + 4 * length, as: Int32.self)
    }
    for (i, symbol) in symbols.prefix(256).enumerated() {
      storage.storeBytes(of: symbol, toByteOffset: valuesOffset + i, as: UInt8.self)
    }
    var first = 0
    for length in 1...16 {
      let count = Int(counts[length - 1])
      if count > 0 {
        storage.storeBytes(
          of: Int32(first - codes[first]), toByteOffset: valueOffsetOffset + 4 * length,
          as: Int32.self)
        first += count
        storage.storeBytes(
          of: Int32(codes[first - 1]), toByteOffset: maxCodeOffset + 4 * length, as: Int32.self)
      }
    }
    storage.storeBytes(of: Int32(0xFFFFF), toByteOffset: maxCodeOffset + 4 * 17, as: Int32.self)
  }

  /// Writes the lookahead entries of every code of at most ``lookaheadBits`` bits and the fast
  /// entries of those whose magnitude bits fit in the lookahead too (AC: not EOB or ZRL).
  private static func fillLookahead(
    _ storage: UnsafeMutableRawPointer, sizes: [Int], codes: [Int], symbols: [UInt8], isDC: Bool
  ) {
    let lookahead = lookaheadBits
    for (i, length) in sizes.enumerated() where length <= lookahead {
      let start = codes[i] << (lookahead - length)
      let slots = start..<(start + (1 << (lookahead - length)))
      let entry = UInt16(length << 8) | UInt16(symbols[i])
      for slot in slots {
        storage.storeBytes(of: entry, toByteOffset: 2 * slot, as: UInt16.self)
      }
      // Fast entries: the code, then `size` magnitude bits, all within the lookahead.
      let symbol = Int(symbols[i])
      let run = isDC ? 0 : symbol >> 4
      let size = isDC ? symbol : symbol & 15
      guard (isDC || size != 0) && length + size <= lookahead else { continue }
      for slot in slots {
        var value = 0
        if size > 0 {
          let raw = (slot >> (lookahead - length - size)) & ((1 << size) - 1)
          value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
        }
        let packed = Int32(value) << 16 | Int32(run << 8) | Int32(length + size)
        storage.storeBytes(of: packed, toByteOffset: fastOffset + 4 * slot, as: Int32.self)
      }
    }
  }

  deinit {
    storage.deallocate()
  }
  /// The standard tables of JPEG Annex K.3 that libjpeg installs in empty slots 0 and 1 of a
  /// sequential file (Motion-JPEG frames omit them): (counts, symbols) for `isDC`, slot 0 =
  /// luminance, 1 = chrominance.
  static func standard(isDC: Bool, slot: Int) -> (counts: [UInt8], symbols: [UInt8]) {
    switch (isDC, slot) {
    case (true, 0):
      return ([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], Array(0...11))
    case (true, _):
      return ([0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], Array(0...11))
    case (false, 0):
      return ([0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], standardACLuminance)
    default:
      return ([0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], standardACChrominance)
    }
  }

  private static let standardACLuminance: [UInt8] = [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
    0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
    0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
    0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
    0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
    0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
    0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
    0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
    0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
    0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA,
  ]

  private static let standardACChrominance: [UInt8] = [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
    0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
    0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
    0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
    0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
    0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
    0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
    0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
    0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
    0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA,
  ]
}
