import Inflate

/// Builds small PNG files byte by byte for the hand-made PNG tests: chunks with correct
/// CRCs, zlib streams made of stored blocks, and a fixed-Huffman zip bomb.
enum PNGTestFiles {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  /// One chunk: length, type, data, CRC-32.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body))
  }

  static func ihdr(
    width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0
  )
    -> [UInt8]
  {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace])
  }

  /// A zlib stream of stored (uncompressed) blocks holding `data`.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65_535, data.count - offset)
      let final: UInt8 = offset + length == data.count ? 1 : 0
      out += [
        final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8((~length >> 8) & 0xFF),
      ]
      out += data[offset..<(offset + length)]
      offset += length
    } while offset < data.count
    return out + bigEndian(Adler32.checksum(data))
  }

  /// A zlib stream that inflates to `megabytes` MiB of zeros in about 13 bits per 258 bytes:
  /// one fixed-Huffman block of a literal 0 and (length 258, distance 1) matches.
  static func zlibBomb(megabytes: Int) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var buffer: UInt64 = 0
    var bits = 0
    func put(_ value: UInt64, _ count: Int) {
      buffer |= value << UInt64(bits)
      bits += count
      while bits >= 8 {
        out.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        bits -= 8
      }
    }
    /// Writes a Huffman code (most-significant bit first).
    func code(_ value: UInt64, _ count: Int) {
      var reversed: UInt64 = 0
      for bit in 0..<count where value & (1 << UInt64(bit)) != 0 {
        reversed |= 1 << UInt64(count - 1 - bit)
      }
      put(reversed, count)
    }
    put(0b011, 3)  // final, fixed Huffman
    code(0b0011_0000, 8)  // literal 0
    let matches = (megabytes << 20) / 258
    for _ in 0..<matches {
      code(0b1100_0101, 8)  // length 258 (symbol 285)
      code(0, 5)  // distance 1
    }
    code(0, 7)  // end of block
    put(0, 7)
    // The Adler-32 of n zeros: a = 1, b = n mod 65521.
    let count = UInt32(1 + 258 * matches)
    return out + bigEndian((count % 65521) << 16 | 1)
  }

  /// A complete file: signature, IHDR, the `before` chunks, IDAT with `rows` (filtered rows,
  /// stored zlib), `after` chunks, IEND.
  static func file(
    width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8, rows: [UInt8],
    before: [[UInt8]] = [], after: [[UInt8]] = []
  ) -> [UInt8] {
    signature + ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
      + before.flatMap { $0 } + chunk("IDAT", zlibStored(rows)) + after.flatMap { $0 }
      + chunk("IEND", [])
  }

  /// The offsets at which each chunk of `file` starts, and the file length at the end.
  static func chunkBoundaries(_ file: [UInt8]) -> [Int] {
    var offsets: [Int] = [8]
    var offset = 8
    while offset + 8 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
        | Int(file[offset + 3])
      offset += 12 + length
      offsets.append(offset)
    }
    return offsets
  }
}
