extension Requantization {
  /// The parameters of a ``RequantizationTable`` whose columns share one multiplier and shift
  /// (per-tensor quantization), broadcast once into registers; TFLite's two roundings made one
  /// floor division of the 64-bit product, as ``ChannelBlock`` explains.
  struct Uniform {
    /// The multiplier sign-extended to 64 bits (so the products compile to `vpmuldq`).
    let multiplier: SIMD4<Int64>
    let leftShift: Int32
    /// The numerator's constant, its correction for a negative product, and the total shift.
    let add, negative: SIMD4<Int64>
    let shift: Int64
    let offset, lower: SIMD8<Int32>
    let upper: SIMD8<Int32>

    /// The shared parameters of `t` (column 0's).
    @inline(__always)
    init(_ t: RequantizationTable) {
      multiplier = SIMD4(repeating: Int64(t.multiplier[0]))
      leftShift = t.leftShift[0] & 31
      let right = Int64(t.rightShift[0] & 31)
      add = SIMD4(repeating: (1 << 30) + (right > 0 ? 1 << (30 + right) : 0))
      negative = SIMD4(repeating: right > 0 ? -(1 << 31) : 0)
      shift = 31 + right
      offset = SIMD8(repeating: t.outputOffset)
      lower = SIMD8(repeating: t.lower)
      upper = SIMD8(repeating: t.upper)
    }

    /// ``Requantization/vector(_:column:_:)`` with these shared parameters and the columns'
    /// `bias`.
    @_transparent
    func vector(_ acc: SIMD8<Int32>, bias: SIMD8<Int32>) -> SIMD8<Int32> {
      var x = acc &+ bias
      if leftShift != 0 { x &<<= leftShift }
      let xq = unsafeBitCast(x, to: SIMD4<Int64>.self)
      let even = divide(((xq &<< 32) &>> 32) &* multiplier)
      let odd = divide((xq &>> 32) &* multiplier)
      let lowHalves = SIMD4<Int64>(repeating: 0xFFFF_FFFF)
      var result = unsafeBitCast((even & lowHalves) | (odd &<< 32), to: SIMD8<Int32>.self)
      result &+= offset
      return pointwiseMinimum(pointwiseMaximum(result, lower), upper)
    }

    /// `⌊(p + add + (p < 0 ? negative : 0)) / 2^shift⌋`.
    @_transparent
    func divide(_ p: SIMD4<Int64>) -> SIMD4<Int64> {
      ((p &+ add) &+ ((p &>> 63) & negative)) &>> shift
    }

    /// Lane-wise maximum (written out so that it compiles to one instruction).
    @inline(__always)
    func pointwiseMaximum(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> {
      var result = a
      for lane in 0..<8 { result[lane] = a[lane] > b[lane] ? a[lane] : b[lane] }
      return result
    }

    /// Lane-wise minimum (written out so that it compiles to one instruction).
    @inline(__always)
    func pointwiseMinimum(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> {
      var result = a
      for lane in 0..<8 { result[lane] = a[lane] < b[lane] ? a[lane] : b[lane] }
      return result
    }
  }
}
