#if OCELLUS_AVX512
  import Builtin
#endif

extension Requantization {
  /// The requantization of 16 consecutive columns of a ``RequantizationTable`` (fixed-point
  /// mode, per-channel or per-tensor), its parameters loaded once into registers and applied
  /// to every row or pixel of those columns; bit for bit TFLite's.
  ///
  /// TFLite's result for an accumulator `x` (bias included) is `⌊u + 1/2⌋` clamped, where
  /// `u = v + δ`, `v = x · m / 2^(31 + r)` exactly, and the nudge `δ` is `2^−(r + 1)` with the
  /// sign of `v` for a right shift `r ≥ 1`, 0 for `r = 0` (see ``ExactBlock``). Float
  /// arithmetic gives `u` to within `2^−13` wherever the clamp does not decide the output
  /// (`|v| < 512`), so when the float `u` lies closer than `1/2 − 2^−12` to its nearest integer
  /// `n`, the result is `n`: four float operations and seven integer ones per 16 outputs. A vector
  /// with any lane nearer a half (about one in a hundred) is computed exactly by
  /// ``ExactBlock``.
  struct ChannelBlock {
    /// Added to the accumulators before requantizing (the table's bias).
    let bias: SIMD16<Int32>
    /// The float multiplier and the nudge (with the multiplier's sign) per column.
    let scale, nudge: SIMD16<Float>
    /// The exactness limit's bit pattern per column (compared as Int32: for floats ≥ 0 the
    /// patterns order as the values do, and a negative limit passes nothing).
    let limitBits: SIMD16<Int32>
    /// ``magic`` plus the output offset: adding it to `u` rounds `u` to an integer, offset.
    let offsetMagic: SIMD16<Float>
    /// The bit patterns of ``magic`` plus the clamp's bounds (inclusive).
    let lowest, highest: SIMD16<Int32>
    /// Where the exact path reads its parameters.
    let table: RequantizationTable
    let column: Int

    /// Columns `column ..< column + 16` of `t` (whose arrays hold at least that many entries).
    @_transparent
    init(_ t: RequantizationTable, column: Int) {
      bias = loadInt32x16(t.bias + column)
      scale = Self.loadFloats(t.floatMultiplier + column)
      nudge = Self.loadFloats(t.floatNudge + column)
      limitBits = loadInt32x16(t.floatLimit + column)
      offsetMagic = SIMD16(repeating: magic + Float(t.outputOffset))
      lowest = SIMD16(repeating: Int32(bitPattern: (magic + Float(t.lower)).bitPattern))
      highest = SIMD16(repeating: Int32(bitPattern: (magic + Float(t.upper)).bitPattern))
      table = t
      self.column = column
    }

    /// Requantizes the 16 accumulators `acc` and stores their low bytes at `output`.
    @_transparent
    func store(_ acc: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>) {
      storeBiased(acc &+ bias, to: output)
    }

    /// ``store(_:to:)`` storing only the first `count` (at most 16) bytes.
    @inline(__always)
    func store(_ acc: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>, count: Int) {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
        guard let bytes = buffer.baseAddress else { return }
        store(acc, to: bytes)
        output.update(from: bytes, count: min(count, 16))
      }
    }

    /// ``store(_:to:)`` for accumulators that already include the bias.
    @_transparent
    func storeBiased(_ biased: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>) {
      if !tryStore(biased, to: output) { exactStore(biased, to: output) }
    }

    /// Stores the 16 outputs of `biased` (accumulators with the bias) if the float path
    /// vouches for all of them; false (nothing stored) if any needs ``exactStore(_:to:)``.
    /// (Four float operations; the rest runs on the integer ports.)
    @_transparent
    func tryStore(_ biased: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>) -> Bool {
      var x = SIMD16<Float>()
      // (Lane by lane, `vcvtdq2ps`: the generic conversion initializer stays a call.)
      for lane in 0..<16 { x[lane] = Float(biased[lane]) }
      // The nudge takes the sign of v = x · scale: its own (the scale's) flipped where x < 0.
      let signedNudge = unsafeBitCast(
        (biased & Int32.min) ^ unsafeBitCast(nudge, to: SIMD16<Int32>.self),
        to: SIMD16<Float>.self)
      let u = multiplyAdd(x, scale, signedNudge)
      let distance = unsafeBitCast(Self.fraction(u), to: SIMD16<Int32>.self) & Int32.max
      guard LaneComparison.allLess(distance, limitBits) else { return false }
      // `magic + offset + n` for the nearest integer n; clamped, its low byte is the output's.
      let rounded = unsafeBitCast(u + offsetMagic, to: SIMD16<Int32>.self)
      let clamped = ExactBlock.minimum(ExactBlock.maximum(rounded, lowest), highest)
      var bytes = SIMD16<UInt8>()
      for lane in 0..<16 { bytes[lane] = UInt8(truncatingIfNeeded: clamped[lane]) }
      UnsafeMutableRawPointer(output).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
      return true
    }

    /// `u` less its nearest integer (halves to even), exactly: `vreduceps` on AVX-512.
    @_transparent
    static func fraction(_ u: SIMD16<Float>) -> SIMD16<Float> {
      #if OCELLUS_AVX512
        // `vreduceps`, immediate 8: no fraction bits kept, halves to even, no precision
        // exception; every lane (the pass-through is unused); current rounding otherwise (4).
        var result = SIMD16<Float>()
        result._storage._value = Builtin.int_x86_avx512_mask_reduce_ps_512(
          u._storage._value, Int32(8)._value, u._storage._value, UInt16.max._value,
          Int32(4)._value)
        return result
      #else
        var nearest = u
        for lane in 0..<16 { nearest[lane] = u[lane].rounded(.toNearestOrEven) }
        return u - nearest
      #endif
    }

    /// The exact path, for a vector the float one cannot vouch for.
    @inline(never)
    func exactStore(_ biased: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>) {
      let values = ExactBlock(table, column: column).applyBiased(biased)
      var bytes = SIMD16<UInt8>()
      for lane in 0..<16 { bytes[lane] = UInt8(truncatingIfNeeded: values[lane]) }
      UnsafeMutableRawPointer(output).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    }

    /// Sixteen floats.
    @_transparent
    static func loadFloats(_ pointer: UnsafePointer<Float>) -> SIMD16<Float> {
      unsafeBitCast(loadInt32x16(UnsafeRawPointer(pointer)), to: SIMD16<Float>.self)
    }
  }

  /// A column's parameters for ``ChannelBlock``'s float path: the multiplier
  /// `m · 2^(−31 − r)` rounded to a float, the nudge `2^−(r + 1)` (0 for `r = 0`) with the
  /// multiplier's sign, and the limit (exclusive) on the distance between the float `u` and its
  /// nearest integer below which that integer is TFLite's result, `1/2 − 2^−12`. The limit is −1 (the exact path always) for a
  /// left shift (TFLite's shift wraps), the saturating multiplier `Int32.min`, and a clamp
  /// reaching further than 511 from the output offset (or past ±2^16).
  public static func floatPath(
    multiplier: Int32, leftShift: Int32, rightShift: Int32, outputOffset: Int32, lower: Int32,
    upper: Int32
  ) -> (multiplier: Float, nudge: Float, limit: Float) {
    let (low, high, offset) = (Int64(lower), Int64(upper), Int64(outputOffset))
    guard leftShift == 0, multiplier != Int32.min, (0...31).contains(rightShift),
      max(abs(low - offset), abs(high - offset)) <= 511, max(abs(low), abs(high)) < 1 << 16
    else { return (0, 0, -1) }
    let r = Int(rightShift)
    let scale = Double(multiplier) * Double(sign: .plus, exponent: -31 - r, significand: 1)
    let nudge = r == 0 ? 0 : Float(sign: .plus, exponent: -1 - r, significand: 1)
    return (Float(scale), multiplier < 0 ? -nudge : nudge, 0.5 - 0x1p-12)
  }
}
