#if OCELLUS_AVX2 || OCELLUS_AVX512
  import Builtin

  /// The AVX2 integer instructions the JPEG and int8 kernels need and LLVM does not reliably form from
  /// lane-wise Swift, reached through the compiler's `Builtin` module (the LLVM intrinsics by
  /// name; see `VNNI`). Compiled into the AVX2, AVX-512 and VNNI builds only; each operates
  /// within the two 128-bit halves of a 256-bit register, as the instructions do.
  enum AVX2Words {
    /// `vpackuswb`: per 128-bit half, `a`'s 8 words then `b`'s 8 words, each saturated to
    /// 0...255: bytes `a0…a7 b0…b7 a8…a15 b8…b15`.
    @inline(__always)
    static func packUnsigned(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD32<UInt8> {
      var result = SIMD32<UInt8>()
      result._storage._value = Builtin.int_x86_avx2_packuswb(
        a._storage._value, b._storage._value)
      return result
    }

    /// `vpackssdw`: per 128-bit half, `a`'s 4 dwords then `b`'s 4, saturated to 16 bits:
    /// `a0…a3 b0…b3 a4…a7 b4…b7`.
    @inline(__always)
    static func packSigned(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD16<Int16> {
      var result = SIMD16<Int16>()
      result._storage._value = Builtin.int_x86_avx2_packssdw(
        a._storage._value, b._storage._value)
      return result
    }

    /// `vpacksswb`: per 128-bit half, `a`'s 8 words then `b`'s 8, each saturated to
    /// −128...127; returned as the bytes' bit patterns.
    @inline(__always)
    static func packSignedBytes(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD32<UInt8> {
      var result = SIMD32<UInt8>()
      result._storage._value = Builtin.int_x86_avx2_packsswb(
        a._storage._value, b._storage._value)
      return result
    }

    /// `vpsignw`: each word of `a` negated where `b`'s is negative (−32768 stays), zeroed
    /// where it is 0, kept where it is positive.
    @inline(__always)
    static func sign(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD16<Int16> {
      var result = SIMD16<Int16>()
      result._storage._value = Builtin.int_x86_avx2_psign_w(a._storage._value, b._storage._value)
      return result
    }

    /// `vpmaddwd`: dword i = a[2i] × b[2i] + a[2i+1] × b[2i+1] (wraps only for
    /// −32768 × −32768 twice).
    @inline(__always)
    static func multiplyAdd(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD8<Int32> {
      var result = SIMD8<Int32>()
      result._storage._value = Builtin.int_x86_avx2_pmadd_wd(a._storage._value, b._storage._value)
      return result
    }

    /// `vpmovsxbw`: the 16 bytes at `p` as signed 16-bit values (the generic conversion
    /// initializer stays a call).
    @inline(__always)
    static func widenSigned(_ p: UnsafeRawPointer) -> SIMD16<Int16> {
      let bytes = p.loadUnaligned(as: SIMD16<Int8>.self)
      var result = SIMD16<Int16>()
      result._storage._value = Builtin.sext_Vec16xInt8_Vec16xInt16(bytes._storage._value)
      return result
    }

    /// `vpmovzxbw`: 16 bytes as unsigned 16-bit values.
    @inline(__always)
    static func widenUnsigned(_ bytes: SIMD16<UInt8>) -> SIMD16<Int16> {
      var result = SIMD16<Int16>()
      result._storage._value = Builtin.zext_Vec16xInt8_Vec16xInt16(bytes._storage._value)
      return result
    }

    /// `vpmulhw`: the high 16 bits of each signed 32-bit product.
    @inline(__always)
    static func multiplyHigh(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD16<Int16> {
      var result = SIMD16<Int16>()
      result._storage._value = Builtin.int_x86_avx2_pmulh_w(a._storage._value, b._storage._value)
      return result
    }

    /// `vpshufb`: per 128-bit half, byte i = `a`'s byte `m[i] & 15` of the same half, or 0
    /// when `m[i]` has its high bit set.
    @inline(__always)
    static func shuffleBytes(_ a: SIMD32<UInt8>, _ m: SIMD32<UInt8>) -> SIMD32<UInt8> {
      var result = SIMD32<UInt8>()
      result._storage._value = Builtin.int_x86_avx2_pshuf_b(a._storage._value, m._storage._value)
      return result
    }
  }
#endif
