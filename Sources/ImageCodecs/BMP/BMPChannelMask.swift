/// One channel's bit mask in a `BI_BITFIELDS` BMP: where the channel sits in the pixel value
/// and how its values scale to 8 bits (`value × 255 / maximum`, rounded down, as Pillow does).
struct BMPChannelMask: Equatable, Sendable {
  /// The mask as stored (0 = the channel is absent).
  var mask: UInt32
  /// The bit position of the mask's lowest set bit.
  var shift: UInt32
  /// The largest channel value, `(1 << width) - 1` (0 for an absent channel).
  var maximum: UInt32

  /// Parses a mask; throws `.unsupported` unless its set bits are contiguous.
  init(_ mask: UInt32, name: String) throws(DecodeError) {
    self.mask = mask
    guard mask != 0 else {
      shift = 0
      maximum = 0
      return
    }
    shift = UInt32(mask.trailingZeroBitCount)
    let value = mask >> shift
    guard value & (value &+ 1) == 0 else {
      throw .unsupported(
        format: .bmp, feature: "non-contiguous \(name) bit mask 0x\(String(mask, radix: 16))")
    }
    maximum = value
  }

  /// The 8-bit value of the channel in `pixel`.
  @inline(__always)
  func scale(_ pixel: UInt32) -> UInt8 {
    guard maximum > 0 else { return 0 }
    let value = UInt64((pixel & mask) &>> shift)
    return UInt8(truncatingIfNeeded: value &* 255 / UInt64(maximum))
  }
}
