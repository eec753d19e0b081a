/// The integer sums of TFLite's hybrid DEPTHWISE_CONV_2D, one output row at a time: for each
/// output pixel, each tap inside the image adds `w · (q − offset)` to every channel's Int32 sum.
/// The same wrapping Int32 sums as the reference loops (integer addition in any order).
///
/// With one output channel per input channel and an offset in −128...127 (every offset the
/// hybrid input quantization gives), 16 channels at a time are summed in registers over all
/// taps; each product `w · (q − offset)` fits in 16 bits (|w| ≤ 128, |q − offset| ≤ 255), so it
/// is formed as one and widened. Other channels and depth multipliers run the scalar loop.
enum HybridDepthwise {
  /// Writes the sums of output row `o.oy` (see ``HybridDepthwiseOperands``).
  @inline(never)
  static func row(_ o: HybridDepthwiseOperands) {
    let blocked = o.multiplier == 1 && (-128...127).contains(o.offset) ? o.channels / 16 * 16 : 0
    for ox in 0..<o.outputWidth {
      let acc = o.sums + ox &* o.channels
      var channel = 0
      while channel < blocked {
        sumBlock(o, ox: ox, channel: channel, into: acc + channel)
        channel &+= 16
      }
      if channel < o.channels { sumScalar(o, ox: ox, channels: channel..<o.channels, into: acc) }
    }
  }

  /// Calls `body(pixel, tap)` for output pixel `(o.oy, ox)`'s taps inside the image: the
  /// input pixel's first value and the tap's first weight.
  @inline(__always)
  static func forEachTap(
    _ o: HybridDepthwiseOperands, ox: Int,
    _ body: (UnsafePointer<Int8>, UnsafePointer<Int8>) -> Void
  ) {
    for ky in 0..<o.filterHeight {
      let y = o.oy &* o.strideHeight &- o.padTop &+ ky &* o.dilationHeight
      guard y >= 0 && y < o.inputHeight else { continue }
      for kx in 0..<o.filterWidth {
        let x = ox &* o.strideWidth &- o.padLeft &+ kx &* o.dilationWidth
        guard x >= 0 && x < o.inputWidth else { continue }
        body(
          o.image + (y &* o.inputWidth &+ x) &* o.depth,
          o.weights + (ky &* o.filterWidth &+ kx) &* o.channels)
      }
    }
  }

  /// Sums of channels `channel ..< channel + 16` (multiplier 1) of output pixel `ox`, in one
  /// register over the taps.
  @inline(__always)
  static func sumBlock(
    _ o: HybridDepthwiseOperands, ox: Int, channel: Int, into acc: UnsafeMutablePointer<Int32>
  ) {
    let offset = SIMD16<Int16>(repeating: Int16(truncatingIfNeeded: o.offset))
    var sum = SIMD16<Int32>()
    forEachTap(o, ox: ox) { pixel, tap in
      let w = UnsafeRawPointer(tap + channel).loadUnaligned(as: SIMD16<Int8>.self)
      let q = UnsafeRawPointer(pixel + channel).loadUnaligned(as: SIMD16<Int8>.self)
      sum &+= int32(int16(w) &* (int16(q) &- offset))
    }
    UnsafeMutableRawPointer(acc).storeBytes(of: sum, as: SIMD16<Int32>.self)
  }

  /// Sums of `channels` of output pixel `ox` (`acc` is the pixel's first channel), channel by
  /// channel over the taps.
  @inline(__always)
  static func sumScalar(
    _ o: HybridDepthwiseOperands, ox: Int, channels: Range<Int>,
    into acc: UnsafeMutablePointer<Int32>
  ) {
    for c in channels { acc[c] = 0 }
    forEachTap(o, ox: ox) { pixel, tap in
      for c in channels {
        acc[c] &+= Int32(tap[c]) &* (Int32(pixel[c / o.multiplier]) &- o.offset)
      }
    }
  }

  /// The lanes sign-extended, written lane by lane so that they inline (see
  /// `JPEGLaneConversions`); LLVM forms one `vpmovsxbw`.
  @inline(__always)
  static func int16(_ v: SIMD16<Int8>) -> SIMD16<Int16> {
    SIMD16(
      Int16(v[0]), Int16(v[1]), Int16(v[2]), Int16(v[3]), Int16(v[4]), Int16(v[5]), Int16(v[6]),
      Int16(v[7]), Int16(v[8]), Int16(v[9]), Int16(v[10]), Int16(v[11]), Int16(v[12]),
      Int16(v[13]), Int16(v[14]), Int16(v[15]))
  }

  /// The lanes sign-extended, lane by lane (`vpmovsxwd`).
  @inline(__always)
  static func int32(_ v: SIMD16<Int16>) -> SIMD16<Int32> {
    SIMD16(
      Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]),
      Int32(v[7]), Int32(v[8]), Int32(v[9]), Int32(v[10]), Int32(v[11]), Int32(v[12]),
      Int32(v[13]), Int32(v[14]), Int32(v[15]))
  }
}
