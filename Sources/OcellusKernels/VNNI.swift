#if OCELLUS_VNNI
  import Builtin

  /// The AVX-512 VNNI instructions the int8 kernels use, reached through the compiler's
  /// `Builtin` module (the LLVM intrinsics by name; this module is compiled with
  /// `-enable-experimental-feature BuiltinModule`): Swift has no other way to them, since
  /// `@_silgen_name` declarations of LLVM intrinsics get Swift's calling convention and fail
  /// instruction selection, and the loop vectorizer forms `vpdpwssd` only for a lone dot
  /// product.
  enum VNNI {
    /// `vpdpbusd`: `acc` plus, per 32-bit lane, the four products of `a`'s unsigned bytes with
    /// `b`'s signed bytes (no saturation).
    @inline(__always)
    static func dotBytes(_ acc: SIMD16<Int32>, _ a: SIMD16<Int32>, _ b: SIMD16<Int32>)
      -> SIMD16<Int32>
    {
      var result = SIMD16<Int32>()
      result._storage._value = Builtin.int_x86_avx512_vpdpbusd_512(
        acc._storage._value, a._storage._value, b._storage._value)
      return result
    }

    /// ``dotBytes(_:_:_:)`` on eight lanes (256 bits: half the cost of sixteen where the
    /// 512-bit instruction runs as two halves, as on Zen 4).
    @inline(__always)
    static func dotBytes(_ acc: SIMD8<Int32>, _ a: SIMD8<Int32>, _ b: SIMD8<Int32>)
      -> SIMD8<Int32>
    {
      var result = SIMD8<Int32>()
      result._storage._value = Builtin.int_x86_avx512_vpdpbusd_256(
        acc._storage._value, a._storage._value, b._storage._value)
      return result
    }
  }
#endif
