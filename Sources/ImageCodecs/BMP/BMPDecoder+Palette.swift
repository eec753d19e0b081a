extension BMPDecoder {
  /// The 256-entry RGBA lookup table for palette indices, as Pillow builds it: the declared
  /// palette entries that the file holds, black (opaque) beyond them. A palette that is exactly
  /// the gray ramp 0, 1, 2, … (Pillow's "L" mode) maps every index to its own gray level, so
  /// out-of-range indices stay gray; a 1- or 2-entry palette of black (and white) (Pillow's
  /// "1" mode) maps index 0 to black and every other index to white. (For uncompressed 4- and
  /// 8-bit "1" images and 1- and 4-bit "L" images Pillow misreads the pixel rows; this decoder
  /// applies the same tables to correctly read rows.)
  static func palette(_ bytes: [UInt8], header: BMPHeader) -> [UInt32] {
    var table = [UInt32](repeating: 0xFF00_0000, count: 256)
    let entrySize = header.paletteEntrySize
    let available = max(0, bytes.count - header.paletteOffset) / entrySize
    let declared = header.paletteCount
    let stored = min(declared, available, 256)
    for index in 0..<stored {
      let base = header.paletteOffset + index * entrySize
      table[index] = pack(red: bytes[base + 2], green: bytes[base + 1], blue: bytes[base])
    }
    // Pillow's gray test: entry i (for i < declared) equals (i, i, i), or (0,0,0), (255,255,255)
    // for a 2-color palette. A truncated palette is not gray.
    guard declared <= available else { return table }
    let levels: [Int] = declared == 2 ? [0, 255] : Array(0..<min(declared, 256))
    if declared > 256 { return table }
    for (index, level) in levels.enumerated() {
      let base = header.paletteOffset + index * entrySize
      if Int(bytes[base]) != level || Int(bytes[base + 1]) != level || Int(bytes[base + 2]) != level
      {
        return table
      }
    }
    for index in 0..<256 {
      // Pillow's "1" mode maps index 0 to black and any other to white; "L" keeps the index.
      let level = declared <= 2 ? (index == 0 ? 0 : 255) : UInt8(index)
      table[index] = pack(red: level, green: level, blue: level)
    }
    return table
  }

  /// Expands uncompressed 1-, 4- or 8-bit palette indices (most significant bits first) through
  /// `palette`. The caller has checked that every row lies inside `bytes`.
  @inline(never)
  static func expandPacked(_ bytes: [UInt8], header: BMPHeader, stride: Int, palette: [UInt32])
    -> [UInt8]
  {
    bytes.withUnsafeBufferPointer { input in
      palette.withUnsafeBufferPointer { table in
        let start = header.pixelOffset
        switch header.bitsPerPixel {
        case 8:
          return expandRows(header: header, start: start, stride: stride) { source, x in
            table[Int(input[source + x])]
          }
        case 4:
          return expandRows(header: header, start: start, stride: stride) { source, x in
            let byte = input[source + x >> 1]
            return table[Int(x & 1 == 0 ? byte >> 4 : byte & 0x0F)]
          }
        default:
          return expandRows(header: header, start: start, stride: stride) { source, x in
            let byte = input[source + x >> 3]
            return table[Int((byte >> (7 - UInt8(x & 7))) & 1)]
          }
        }
      }
    }
  }

  /// Expands a plane of palette indices (file row order, `width` a row) through the palette.
  @inline(never)
  static func expandIndices(_ indices: [UInt8], header: BMPHeader, palette: [UInt32]) -> [UInt8] {
    indices.withUnsafeBufferPointer { input in
      palette.withUnsafeBufferPointer { table in
        expandRows(header: header, start: 0, stride: header.width) { source, x in
          table[Int(input[source + x])]
        }
      }
    }
  }
}
