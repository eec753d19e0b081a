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

  /// R, G, B and opaque alpha as the 32-bit word whose little-endian bytes are R G B A.
  @inline(__always)
  static func pack(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) -> UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }

  /// Expands uncompressed 1-, 4- or 8-bit palette indices (most significant bits first) through
  /// `palette`. The caller has checked that every row lies inside `bytes`.
  static func expandPacked(_ bytes: [UInt8], header: BMPHeader, stride: Int, palette: [UInt32])
    -> [UInt8]
  {
    let width = header.width
    let height = header.height
    let bits = header.bitsPerPixel
    return uninitializedBytes(width * height * 4) { out in
      bytes.withUnsafeBufferPointer { input in
        palette.withUnsafeBufferPointer { table in
          for fileRow in 0..<height {
            let source = header.pixelOffset + fileRow * stride
            let target = outputRow(fileRow, header: header) * width * 4
            switch bits {
            case 8:
              for x in 0..<width {
                let word = table[Int(input[source + x])]
                out.storeBytes(
                  of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
              }
            case 4:
              for x in 0..<width {
                let byte = input[source + x >> 1]
                let word = table[Int(x & 1 == 0 ? byte >> 4 : byte & 0x0F)]
                out.storeBytes(
                  of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
              }
            default:
              for x in 0..<width {
                let byte = input[source + x >> 3]
                let word = table[Int((byte >> (7 - UInt8(x & 7))) & 1)]
                out.storeBytes(
                  of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
              }
            }
          }
        }
      }
    }
  }

  /// Expands a plane of palette indices (file row order, `width` a row) through the palette.
  static func expandIndices(_ indices: [UInt8], header: BMPHeader, palette: [UInt32]) -> [UInt8] {
    let width = header.width
    let height = header.height
    return uninitializedBytes(width * height * 4) { out in
      indices.withUnsafeBufferPointer { input in
        palette.withUnsafeBufferPointer { table in
          for fileRow in 0..<height {
            let source = fileRow * width
            let target = outputRow(fileRow, header: header) * width * 4
            for x in 0..<width {
              let word = table[Int(input[source + x])]
              out.storeBytes(
                of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
            }
          }
        }
      }
    }
  }
}
