extension Requantization {
  /// TFLite's fixed-point requantization of 16 consecutive columns of a ``RequantizationTable``
  /// (either per-channel or per-tensor), exactly, in integer lanes: the path ``ChannelBlock``
  /// falls back to when its float arithmetic cannot vouch for a result.
  ///
  /// TFLite's two roundings — the doubling high multiply `h = ⌊(p + 2^30) / 2^31⌋` of the
  /// 64-bit product `p = x · m`, then halves away from zero in `h / 2^r` — make one floor
  /// division of `p` by `2^(31 + r)`: for `r ≥ 1` the numerator is `p + 2^30 + 2^(30 + r)`,
  /// less `2^31` when `p < 0` (`h < 0` exactly when `p < −2^30`; for `−2^30 ≤ p < 0` both give
  /// 0); for `r = 0` it is `p + 2^30`. That numerator stays below 2^63 in magnitude, so each
  /// half of the lanes takes a multiply, the sign's correction, an add and a shift in 64-bit
  /// lanes (all without lane selects, which compile lane by lane on 64-bit vectors).
  struct ExactBlock {
    let leftShift, multiplier: SIMD16<Int32>
    /// The odd columns' multipliers, in 64-bit lanes.
    let oddMultiplier: SIMD8<Int64>
    /// Per half (even and odd columns): the numerator's constant for a product ≥ 0, the
    /// correction added to it for a product < 0, and the total right shift `31 + r`.
    let evenAdd, evenNegative, evenShift, oddAdd, oddNegative, oddShift: SIMD8<Int64>
    let offset, lower, upper: SIMD16<Int32>

    /// Columns `column ..< column + 16` of `t` (whose arrays hold at least that many entries).
    @_transparent
    init(_ t: RequantizationTable, column: Int) {
      leftShift = Self.load(t.leftShift + column)
      multiplier = Self.load(t.multiplier + column)
      oddMultiplier = unsafeBitCast(multiplier, to: SIMD8<Int64>.self) &>> 32
      let right = Self.load(t.rightShift + column)
      let (even, odd) = Self.halves(right)
      (evenAdd, evenNegative, evenShift) = Self.constants(even)
      (oddAdd, oddNegative, oddShift) = Self.constants(odd)
      offset = SIMD16(repeating: t.outputOffset)
      lower = SIMD16(repeating: t.lower)
      upper = SIMD16(repeating: t.upper)
    }

    /// The even and the odd lanes of `v`, each widened to 64 bits.
    @_transparent
    static func halves(_ v: SIMD16<Int32>) -> (SIMD8<Int64>, SIMD8<Int64>) {
      let q = unsafeBitCast(v, to: SIMD8<Int64>.self)
      return ((q &<< 32) &>> 32, q &>> 32)
    }

    /// The numerator's constant, its correction for a negative product, and the total shift
    /// for right shifts `r` (0...31).
    @_transparent
    static func constants(_ r: SIMD8<Int64>) -> (SIMD8<Int64>, SIMD8<Int64>, SIMD8<Int64>) {
      // All ones where r > 0, else zero.
      let rounds = (SIMD8<Int64>() &- r) &>> 63
      let half = (SIMD8<Int64>(repeating: 1) &<< (r &+ 30)) & rounds
      let sign = SIMD8<Int64>(repeating: 1 << 31) & rounds
      return (SIMD8(repeating: 1 << 30) &+ half, SIMD8() &- sign, r &+ 31)
    }

    /// The outputs (in the output type's range) of 16 accumulators that include the bias,
    /// as ``Requantization/vector(_:column:_:)`` computes them.
    @_transparent
    func applyBiased(_ biased: SIMD16<Int32>) -> SIMD16<Int32> {
      let x = unsafeBitCast(biased &<< leftShift, to: SIMD8<Int64>.self)
      let m = unsafeBitCast(multiplier, to: SIMD8<Int64>.self)
      // `vpmuldq`: the low 32 bits of each 64-bit lane, sign-extended, multiplied.
      let even = Self.divide(
        ((x &<< 32) &>> 32) &* ((m &<< 32) &>> 32), evenAdd, evenNegative, evenShift)
      // (The multiplier's re-extension lets the compiler see 32-bit factors: `vpmuldq`, not a
      // full 64-bit multiply.)
      let odd = Self.divide(
        (x &>> 32) &* ((oddMultiplier &<< 32) &>> 32), oddAdd, oddNegative, oddShift)
      let lowHalves = SIMD8<Int64>(repeating: 0xFFFF_FFFF)
      let result = unsafeBitCast((even & lowHalves) | (odd &<< 32), to: SIMD16<Int32>.self)
      return Self.minimum(Self.maximum(result &+ offset, lower), upper)
    }

    /// `⌊(p + add + (p < 0 ? negative : 0)) / 2^shift⌋`.
    @_transparent
    static func divide(
      _ p: SIMD8<Int64>, _ add: SIMD8<Int64>, _ negative: SIMD8<Int64>, _ shift: SIMD8<Int64>
    ) -> SIMD8<Int64> {
      ((p &+ add) &+ ((p &>> 63) & negative)) &>> shift
    }

    /// Sixteen Int32 values.
    @_transparent
    static func load(_ pointer: UnsafePointer<Int32>) -> SIMD16<Int32> {
      loadInt32x16(pointer)
    }

    /// Lane-wise maximum (written out so that it compiles to one instruction).
    @_transparent
    static func maximum(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<Int32> {
      var result = a
      for lane in 0..<16 { result[lane] = a[lane] > b[lane] ? a[lane] : b[lane] }
      return result
    }

    /// Lane-wise minimum (written out so that it compiles to one instruction).
    @_transparent
    static func minimum(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<Int32> {
      var result = a
      for lane in 0..<16 { result[lane] = a[lane] < b[lane] ? a[lane] : b[lane] }
      return result
    }
  }
}
