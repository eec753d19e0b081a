/// RGB → gray conversion exactly as Pillow's `convert("L")`: ITU-R BT.601 luma weights in
/// 16.16 fixed point.
///
/// `L = (R·19595 + G·38470 + B·7471 + 32768) >> 16` (the weights 0.299, 0.587, 0.114 times
/// 65536, summing to exactly 65536, so gray input stays unchanged). The result is 0...255.
enum LumaWeights {
  /// The gray level of one R, G, B triple.
  @inline(__always)
  static func gray(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let sum = UInt32(r) &* 19595 &+ UInt32(g) &* 38470 &+ UInt32(b) &* 7471 &+ 32768
    return UInt8(truncatingIfNeeded: sum >> 16)
  }
}
