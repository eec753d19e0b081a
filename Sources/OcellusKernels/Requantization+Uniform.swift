extension Requantization {
  /// The parameters of a ``RequantizationTable`` whose columns share one multiplier and shift
  /// (per-tensor quantization), broadcast once into registers.
  struct Uniform {
    /// The multiplier sign-extended to 64 bits (so the products compile to `vpmuldq`).
    let multiplier: SIMD4<Int64>
    let leftShift, rightShift: Int32
    let mask, half, offset, lower: SIMD8<Int32>
    let upper: SIMD8<Int32>

    /// The shared parameters of `t` (column 0's).
    @inline(__always)
    init(_ t: RequantizationTable) {
      multiplier = SIMD4(repeating: Int64(t.multiplier[0]))
      leftShift = t.leftShift[0] & 31
      rightShift = t.rightShift[0] & 31
      mask = SIMD8(repeating: t.roundingMask[0])
      half = SIMD8(repeating: t.roundingMask[0] &>> 1)
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
      // Requantization.highMultiply with one multiplier for every lane.
      let xq = unsafeBitCast(x, to: SIMD4<Int64>.self)
      let round = SIMD4<Int64>(repeating: 1 << 30)
      let even = ((xq &<< 32) &>> 32) &* multiplier
      let odd = (xq &>> 32) &* multiplier
      let low = unsafeBitCast((even &+ round) &>> 31, to: SIMD8<Int32>.self)
      let odds = unsafeBitCast((odd &+ round) &<< 1, to: SIMD8<Int32>.self)
      var high = low
      for lane in stride(from: 1, to: 8, by: 2) { high[lane] = odds[lane] }
      let remainder = high & mask
      let threshold = half &- (high &>> 31)
      var result = high &>> rightShift
      result.replace(with: result &+ 1, where: remainder .> threshold)
      result &+= offset
      return pointwiseMinimum(pointwiseMaximum(result, lower), upper)
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
