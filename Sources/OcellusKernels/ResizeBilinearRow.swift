/// One output row of TFLite's uint8 RESIZE_BILINEAR (reference_ops::ResizeBilinear on uint8,
/// which interpolates in float), eight channels at a time: every lane evaluates the reference
/// expression `p00·(1−dy)·(1−dx) + p10·dy·(1−dx) + p01·(1−dy)·dx + p11·dy·dx + 0.5` in the same
/// order of float operations, then truncates toward zero as `static_cast<uint8_t>` does, so
/// the bytes equal the scalar loop's.
enum ResizeBilinearRow {
  /// Writes the row `o.output` (see ``ResizeRowOperands``).
  @inline(never)
  static func run(_ o: ResizeRowOperands) {
    let (dy, oneMinusDy) = (o.dy, 1 - o.dy)
    for x in 0..<o.width {
      let dx = o.dx[x]
      let weights = (oneMinusDy, dy, 1 - dx, dx)
      let (left, right) = (o.columns[2 &* x], o.columns[2 &* x &+ 1])
      let out = o.output + x &* o.channels
      func eight(_ c: Int) {
        let value = interpolate(
          floats(o.top + (left &+ c)), floats(o.bottom + (left &+ c)),
          floats(o.top + (right &+ c)), floats(o.bottom + (right &+ c)), weights)
        UnsafeMutableRawPointer(out + c).storeBytes(of: truncated(value), as: SIMD8<UInt8>.self)
      }
      var c = 0
      while c &+ 8 <= o.channels {
        eight(c)
        c &+= 8
      }
      if c == o.channels { continue }
      // The last channels: the last eight again (the same bytes are rewritten) when there are
      // eight.
      if o.channels >= 8 {
        eight(o.channels &- 8)
        continue
      }
      // Fewer than eight channels: through eight-lane temporaries.
      let count = o.channels &- c
      var pixels = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())
      for k in 0..<count {
        pixels.0[k] = Float(o.top[left &+ c &+ k])
        pixels.1[k] = Float(o.bottom[left &+ c &+ k])
        pixels.2[k] = Float(o.top[right &+ c &+ k])
        pixels.3[k] = Float(o.bottom[right &+ c &+ k])
      }
      let bytes = truncated(interpolate(pixels.0, pixels.1, pixels.2, pixels.3, weights))
      for k in 0..<count { out[c &+ k] = bytes[k] }
    }
  }

  /// The reference expression on eight lanes, term by term and left to right; `weights` =
  /// (1 − dy, dy, 1 − dx, dx).
  @inline(__always)
  static func interpolate(
    _ p00: SIMD8<Float>, _ p10: SIMD8<Float>, _ p01: SIMD8<Float>, _ p11: SIMD8<Float>,
    _ weights: (Float, Float, Float, Float)
  ) -> SIMD8<Float> {
    let (oneMinusDy, dy, oneMinusDx, dx) = weights
    var value = p00 * oneMinusDy * oneMinusDx
    value += p10 * dy * oneMinusDx
    value += p01 * oneMinusDy * dx
    value += p11 * dy * dx
    return value + 0.5
  }

  /// Eight bytes as floats, lane by lane through Int32 (concrete types: vector widening).
  @inline(__always)
  static func floats(_ pointer: UnsafePointer<UInt8>) -> SIMD8<Float> {
    let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<UInt8>.self)
    var result = SIMD8<Float>()
    for lane in 0..<8 { result[lane] = Float(Int32(truncatingIfNeeded: bytes[lane])) }
    return result
  }

  /// The low bytes of `Int32(value)` truncated toward zero after clamping to [−1, 256], as the
  /// scalar loop computes them, without a trapping conversion: the value is truncated as a
  /// float (`roundps`), its integer read off ``Requantization/magic`` (exact: the interpolated
  /// bytes stay far below 2^22 in magnitude), then clamped as an integer.
  @inline(__always)
  static func truncated(_ value: SIMD8<Float>) -> SIMD8<UInt8> {
    var whole = SIMD8<Float>()
    for lane in 0..<8 { whole[lane] = value[lane].rounded(.towardZero) }
    let bits = unsafeBitCast(whole + Requantization.magic, to: SIMD8<Int32>.self)
    let integers = bits &- Requantization.magicBits
    var clamped = integers
    for lane in 0..<8 {
      let x = integers[lane]
      clamped[lane] = x < -1 ? -1 : (x > 256 ? 256 : x)
    }
    return Requantization.narrow(clamped)
  }
}
