extension BMPDecoder {
  /// Expands 24-bit `BI_RGB` pixels (B, G, R bytes). The caller has checked the rows' bounds.
  @inline(never)
  static func expandBGR(_ bytes: [UInt8], header: BMPHeader, stride: Int) -> [UInt8] {
    bytes.withUnsafeBufferPointer { input in
      expandRows(header: header, start: header.pixelOffset, stride: stride) { source, x in
        let s = source + 3 * x
        return pack(red: input[s + 2], green: input[s + 1], blue: input[s])
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
    switch header.bitsPerPixel {
    case 32
    where channels.allSatisfy({ $0.mask == 0 || ($0.maximum == 0xFF && $0.shift % 8 == 0) })
      && channels[0].mask != 0 && channels[1].mask != 0 && channels[2].mask != 0:
      return expandByteMasks(bytes, header: header, stride: stride, channels: channels)
    case 16:
      return expand16(bytes, header: header, stride: stride, channels: channels)
    default:
      return expandAnyMasks(bytes, header: header, stride: stride, channels: channels)
    }
  }

  /// The fast path of 32-bit pixels whose red, green and blue masks (and alpha, if any) are
  /// whole bytes (BGRX, BGRA, RGBA, XBGR, ...).
  @inline(never)
  private static func expandByteMasks(
    _ bytes: [UInt8], header: BMPHeader, stride: Int, channels: [BMPChannelMask]
  ) -> [UInt8] {
    let red = channels[0].shift
    let green = channels[1].shift
    let blue = channels[2].shift
    let alpha = channels[3].shift
    let opaque: UInt32 = channels[3].mask == 0 ? 0xFF00_0000 : 0
    let alphaMask: UInt32 = channels[3].mask == 0 ? 0 : 0xFF
    return bytes.withUnsafeBytes { input in
      expandRows(header: header, start: header.pixelOffset, stride: stride) { source, x in
        let pixel = UInt32(
          littleEndian: input.loadUnaligned(fromByteOffset: source + x << 2, as: UInt32.self))
        let redGreen = (pixel &>> red) & 0xFF | ((pixel &>> green) & 0xFF) << 8
        let blueAlpha =
          ((pixel &>> blue) & 0xFF) << 16 | ((pixel &>> alpha) & alphaMask) << 24 | opaque
        return redGreen | blueAlpha
      }
    }
  }

  /// 16-bit pixels through a table of every 16-bit value's RGBA word.
  @inline(never)
  private static func expand16(
    _ bytes: [UInt8], header: BMPHeader, stride: Int, channels: [BMPChannelMask]
  ) -> [UInt8] {
    var words = [UInt32](repeating: 0, count: 65536)
    for value in 0..<65536 {
      words[value] = packed(UInt32(value), channels)
    }
    return bytes.withUnsafeBufferPointer { input in
      words.withUnsafeBufferPointer { table in
        expandRows(header: header, start: header.pixelOffset, stride: stride) { source, x in
          let s = source + 2 * x
          return table[Int(input[s]) | Int(input[s + 1]) << 8]
        }
      }
    }
  }

  /// 24- and 32-bit pixels through any masks.
  @inline(never)
  private static func expandAnyMasks(
    _ bytes: [UInt8], header: BMPHeader, stride: Int, channels: [BMPChannelMask]
  ) -> [UInt8] {
    let bytesPerPixel = header.bitsPerPixel / 8
    let (red, green, blue, alpha) = (channels[0], channels[1], channels[2], channels[3])
    return bytes.withUnsafeBufferPointer { input in
      expandRows(header: header, start: header.pixelOffset, stride: stride) { source, x in
        let s = source + bytesPerPixel * x
        var pixel =
          UInt32(input[s]) | UInt32(input[s + 1]) << 8 | UInt32(input[s + 2]) << 16
        if bytesPerPixel == 4 { pixel |= UInt32(input[s + 3]) << 24 }
        return packed(pixel, (red, green, blue, alpha))
      }
    }
  }

  /// The RGBA word of `pixel` through the red, green, blue and alpha `channels` (alpha 255
  /// when its mask is 0).
  @inline(__always)
  private static func packed(
    _ pixel: UInt32,
    _ channels: (
      red: BMPChannelMask, green: BMPChannelMask, blue: BMPChannelMask, alpha: BMPChannelMask
    )
  ) -> UInt32 {
    pack(
      red: channels.red.scale(pixel), green: channels.green.scale(pixel),
      blue: channels.blue.scale(pixel),
      alpha: channels.alpha.mask == 0 ? 255 : channels.alpha.scale(pixel))
  }

  /// The RGBA word of `pixel` through `channels` (red, green, blue, alpha).
  @inline(__always)
  private static func packed(_ pixel: UInt32, _ channels: [BMPChannelMask]) -> UInt32 {
    packed(pixel, (channels[0], channels[1], channels[2], channels[3]))
  }
}
