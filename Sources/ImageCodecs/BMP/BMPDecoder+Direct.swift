extension BMPDecoder {
  /// A `count`-byte array whose every byte `body` writes (no zero-filling pass first).
  @inline(__always)
  static func uninitializedBytes(
    _ count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      body(UnsafeMutableRawBufferPointer(buffer))
      initialized = count
    }
  }

  /// Expands 24-bit `BI_RGB` pixels (B, G, R bytes). The caller has checked the rows' bounds.
  static func expandBGR(_ bytes: [UInt8], header: BMPHeader, stride: Int) -> [UInt8] {
    let width = header.width
    let height = header.height
    return uninitializedBytes(width * height * 4) { out in
      bytes.withUnsafeBufferPointer { input in
        for fileRow in 0..<height {
          let source = header.pixelOffset + fileRow * stride
          let target = outputRow(fileRow, header: header) * width * 4
          for x in 0..<width {
            let s = source + 3 * x
            let word =
              UInt32(input[s + 2]) | UInt32(input[s + 1]) << 8 | UInt32(input[s]) << 16
              | 0xFF00_0000
            out.storeBytes(
              of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
          }
        }
      }
    }
  }

  /// Expands 16-, 24- or 32-bit pixels through red, green, blue and alpha bit masks (alpha
  /// 255 when its mask is 0). Channels scale to 8 bits as `value × 255 / maximum`.
  static func expandMasked(
    _ bytes: [UInt8], header: BMPHeader, stride: Int,
    masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)
  ) throws(DecodeError) -> [UInt8] {
    let channels = [
      try BMPChannelMask(masks.red, name: "red"), try BMPChannelMask(masks.green, name: "green"),
      try BMPChannelMask(masks.blue, name: "blue"), try BMPChannelMask(masks.alpha, name: "alpha"),
    ]
    let width = header.width
    let height = header.height
    let bytesPerPixel = header.bitsPerPixel / 8
    // Fast path: 32-bit pixels whose masks are whole bytes (BGRX, BGRA, RGBA, XBGR, ...).
    if bytesPerPixel == 4,
      channels.allSatisfy({ $0.mask == 0 || ($0.maximum == 0xFF && $0.shift % 8 == 0) }),
      channels[0].mask != 0, channels[1].mask != 0, channels[2].mask != 0
    {
      let red = channels[0].shift
      let green = channels[1].shift
      let blue = channels[2].shift
      let alpha = channels[3].shift
      let opaque: UInt32 = channels[3].mask == 0 ? 0xFF00_0000 : 0
      let alphaMask: UInt32 = channels[3].mask == 0 ? 0 : 0xFF
      return uninitializedBytes(width * height * 4) { out in
        bytes.withUnsafeBytes { input in
          for fileRow in 0..<height {
            let source = header.pixelOffset + fileRow * stride
            let target = outputRow(fileRow, header: header) * width * 4
            for x in 0..<width {
              let pixel = UInt32(
                littleEndian: input.loadUnaligned(fromByteOffset: source + x << 2, as: UInt32.self))
              let redGreen = (pixel &>> red) & 0xFF | ((pixel &>> green) & 0xFF) << 8
              let blueAlpha =
                ((pixel &>> blue) & 0xFF) << 16 | ((pixel &>> alpha) & alphaMask) << 24 | opaque
              let word = redGreen | blueAlpha
              out.storeBytes(
                of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
            }
          }
        }
      }
    }
    if bytesPerPixel == 2 {
      // Every 16-bit value's RGBA word, looked up per pixel.
      var words = [UInt32](repeating: 0, count: 65536)
      for value in 0..<65536 {
        let pixel = UInt32(value)
        words[value] = pack(
          red: channels[0].scale(pixel), green: channels[1].scale(pixel),
          blue: channels[2].scale(pixel),
          alpha: channels[3].mask == 0 ? 255 : channels[3].scale(pixel))
      }
      return uninitializedBytes(width * height * 4) { out in
        bytes.withUnsafeBufferPointer { input in
          words.withUnsafeBufferPointer { table in
            for fileRow in 0..<height {
              let source = header.pixelOffset + fileRow * stride
              let target = outputRow(fileRow, header: header) * width * 4
              for x in 0..<width {
                let s = source + 2 * x
                let word = table[Int(input[s]) | Int(input[s + 1]) << 8]
                out.storeBytes(
                  of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
              }
            }
          }
        }
      }
    }
    // General 24- and 32-bit masks.
    let (red, green, blue, alpha) = (channels[0], channels[1], channels[2], channels[3])
    return uninitializedBytes(width * height * 4) { out in
      bytes.withUnsafeBufferPointer { input in
        for fileRow in 0..<height {
          let source = header.pixelOffset + fileRow * stride
          let target = outputRow(fileRow, header: header) * width * 4
          for x in 0..<width {
            let s = source + bytesPerPixel * x
            var pixel = UInt32(input[s]) | UInt32(input[s + 1]) << 8 | UInt32(input[s + 2]) << 16
            if bytesPerPixel == 4 { pixel |= UInt32(input[s + 3]) << 24 }
            let word = pack(
              red: red.scale(pixel), green: green.scale(pixel), blue: blue.scale(pixel),
              alpha: alpha.mask == 0 ? 255 : alpha.scale(pixel))
            out.storeBytes(
              of: UInt32(littleEndian: word), toByteOffset: target + x << 2, as: UInt32.self)
          }
        }
      }
    }
  }
}
