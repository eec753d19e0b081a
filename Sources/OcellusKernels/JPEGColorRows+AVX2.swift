#if OCELLUS_AVX2 || OCELLUS_AVX512
  extension JPEGColorRows {
    // The x86 builds' versions of four helpers of JPEGColorRows.swift, on AVX2 instructions
    // (`AVX2Words`): same results, fewer instructions than LLVM forms from the lane-wise code.

    /// The high 16 bits of the 32-bit products `a × c` (`vpmulhw`).
    @inline(__always)
    static func mulHigh(_ a: Words16, _ c: Int16) -> Words16 {
      AVX2Words.multiplyHigh(a, Words16(repeating: c))
    }

    /// jdcolor.c's Cb, Cr → G term from the samples `cb`, `cr` (0...255):
    /// (−22554 × (cb − 128) + 18734 × (cr − 128) + 2^15) >> 16, with `vpmaddwd` and no
    /// shuffles (LLVM would rebuild them from byte loads): the products of the even pixels
    /// (factor pairs (c, 0)) and of the odd ones ((0, c)) as 32-bit sums, the −128s folded
    /// into the bias; each sum's high word is the term, moved to the pixel's word.
    @inline(__always)
    static func greenTerm(cb: Words16, cr: Words16) -> Words16 {
      @inline(__always) func factors(_ even: Int16, _ odd: Int16) -> Words16 {
        unsafeBitCast(
          SIMD8<Int32>(repeating: Int32(odd) << 16 | Int32(UInt16(bitPattern: even))),
          to: Words16.self)
      }
      let bias = SIMD8<Int32>(repeating: (22554 - 18734) * 128 + 32768)
      let even =
        AVX2Words.multiplyAdd(cb, factors(-22554, 0))
        &+ AVX2Words.multiplyAdd(cr, factors(18734, 0))
        &+ bias
      let odd =
        AVX2Words.multiplyAdd(cb, factors(0, -22554))
        &+ AVX2Words.multiplyAdd(cr, factors(0, 18734))
        &+ bias
      let words =
        SIMD8<UInt32>(truncatingIfNeeded: even) &>> 16
        | SIMD8<UInt32>(truncatingIfNeeded: odd) & 0xFFFF_0000
      return unsafeBitCast(words, to: Words16.self)
    }

    /// Stores 16 RGBA pixels from R, G, B (any 16-bit values, saturated to 0...255 by
    /// `vpackuswb`; A = 255): 64 bytes at `p`.
    @inline(__always)
    static func storeClampedRGBA(
      _ r: Words16, _ g: Words16, _ b: Words16, _ p: UnsafeMutableRawPointer
    ) {
      // Per 128-bit half (pixels 0...7, then 8...15): r0…r7 g0…g7 and b0…b7 255…255, made
      // r0 g0 r1 g1 … and b0 255 b1 255 … by one byte shuffle each.
      let pairs = unsafeBitCast(
        SIMD4<UInt64>(
          0x0B03_0A02_0901_0800, 0x0F07_0E06_0D05_0C04, 0x0B03_0A02_0901_0800,
          0x0F07_0E06_0D05_0C04), to: SIMD32<UInt8>.self)
      let rg = unsafeBitCast(
        AVX2Words.shuffleBytes(AVX2Words.packUnsigned(r, g), pairs), to: Pair.self)
      let ba = unsafeBitCast(
        AVX2Words.shuffleBytes(AVX2Words.packUnsigned(b, Words16(repeating: 255)), pairs),
        to: Pair.self)
      // Pixels 0...3 | 8...11 and 4...7 | 12...15 (`vpunpcklwd`, `vpunpckhwd`).
      let low = Pair(
        rg[0], ba[0], rg[1], ba[1], rg[2], ba[2], rg[3], ba[3], rg[8], ba[8], rg[9], ba[9], rg[10],
        ba[10], rg[11], ba[11])
      let high = Pair(
        rg[4], ba[4], rg[5], ba[5], rg[6], ba[6], rg[7], ba[7], rg[12], ba[12], rg[13], ba[13],
        rg[14], ba[14], rg[15], ba[15])
      p.storeBytes(of: Pair(lowHalf: low.lowHalf, highHalf: high.lowHalf), as: Pair.self)
      p.storeBytes(
        of: Pair(lowHalf: low.highHalf, highHalf: high.highHalf), toByteOffset: 32, as: Pair.self)
    }

    /// Stores 16 RGBA pixels (R, G, B each 0...255; A = 255): 64 bytes at `p`.
    @inline(__always)
    static func storeRGBA(_ r: Words16, _ g: Words16, _ b: Words16, _ p: UnsafeMutableRawPointer) {
      storeClampedRGBA(r, g, b, p)
    }
  }
#endif
