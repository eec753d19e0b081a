#if OCELLUS_AVX2 || OCELLUS_AVX512
  import Builtin
#endif

/// Whole-vector tests of lane-wise comparisons that compile to a compare and one flag test.
/// (The standard library's `all(_:)` reduces through a generic `min()` that the optimizer
/// does not always specialize: a call per vector.)
enum LaneComparison {
  /// True when `a[i] < b[i]` in every lane (false where either is NaN).
  @_transparent
  static func allLess(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> Bool {
    #if OCELLUS_AVX2 || OCELLUS_AVX512
      // The lanes' comparison as 16 bits: `vcmpltps` into a mask register, then `kortestw`.
      let below = Builtin.fcmp_olt_Vec16xFPIEEE32(a._storage._value, b._storage._value)
      return UInt16(Builtin.bitcast_Vec16xInt1_Int16(below)) == 0xFFFF
    #else
      return all(a .< b)
    #endif
  }

  /// True when `a[i] < b[i]` in every lane.
  @_transparent
  static func allLess(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> Bool {
    #if OCELLUS_AVX2 || OCELLUS_AVX512
      let below = Builtin.cmp_slt_Vec16xInt32(a._storage._value, b._storage._value)
      return UInt16(Builtin.bitcast_Vec16xInt1_Int16(below)) == 0xFFFF
    #else
      return all(a .< b)
    #endif
  }
}
