#if OCELLUS_AVX2 || OCELLUS_AVX512
  extension JPEGIDCT {
    // The x86 builds' islow IDCT, arranged as libjpeg-turbo's jidctint-avx2.asm: 16-bit
    // values, two rows (or columns) of 8 per 256-bit register, the rotations as `vpmaddwd` on
    // interleaved pairs, each pass packed back to 16 bits with saturation (`vpackssdw`), an
    // 8 × 8 transpose of words between the passes, bytes by `vpacksswb` and + 128.

    /// Two rows of 8 words: the first in lanes 0...7 (the low 128-bit half), the second in
    /// 8...15. Names like `in3_1` say which row is in which half.
    typealias RowPair = SIMD16<Int16>
    /// 8 dwords: 4 per 128-bit half, as `vpmaddwd` and the shifts produce them.
    typealias Dwords = SIMD8<Int32>

    /// The block at `coefficients` (64 values, natural order) times `quantization` (64
    /// 16-bit patterns, `vpmullw`), inverse-transformed into 8 rows of 8 samples at `output`,
    /// rows `stride` bytes apart. Same bytes as ``transform(_:_:_:stride:)``'s portable path.
    @inline(__always)
    static func transformAVX2(
      _ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
      _ output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
      let source = UnsafeRawPointer(coefficients)
      let quant = UnsafeRawPointer(quantization)
      @inline(__always) func rows(_ k: Int) -> RowPair {
        source.loadUnaligned(fromByteOffset: k &* 32, as: RowPair.self)
      }
      @inline(__always) func quantRows(_ k: Int) -> RowPair {
        quant.loadUnaligned(fromByteOffset: k &* 32, as: RowPair.self)
      }
      let raw01 = rows(0)
      let raw23 = rows(1)
      let raw45 = rows(2)
      let raw67 = rows(3)
      let high = (raw23 | raw45) | raw67
      if isZero(high.lowHalf | high.highHalf | raw01.highHalf) {
        rowZeroOnly(raw01.lowHalf &* quantRows(0).lowHalf, output, stride: stride)
        return
      }
      let p01 = raw01 &* quantRows(0)
      let p23 = raw23 &* quantRows(1)
      let p45 = raw45 &* quantRows(2)
      let p67 = raw67 &* quantRows(3)
      let data = pass(
        in0_4: opaque(RowPair(lowHalf: p01.lowHalf, highHalf: p45.lowHalf)),
        in3_1: opaque(RowPair(lowHalf: p23.highHalf, highHalf: p01.highHalf)),
        in2_6: opaque(RowPair(lowHalf: p23.lowHalf, highHalf: p67.lowHalf)),
        in7_5: opaque(RowPair(lowHalf: p67.highHalf, highHalf: p45.highHalf)), shift: 11)
      secondPass(transposed(data), output, stride: stride)
    }

    /// Coefficient rows 1...7 all zero: pass 1 gives `dequantized << 2` (16-bit) in every
    /// workspace row, so the workspace columns are splats; a DC-only block is one fill.
    @inline(__always)
    static func rowZeroOnly(
      _ dequantized: SIMD8<Int16>, _ output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
      let w = dequantized &<< 2
      var acInRow0 = dequantized
      acInRow0[0] = 0
      if isZero(acInRow0) {
        // Pass 2 of a constant: (x + 16) >> 5 everywhere, what the splats below give when
        // the AC of row 0 dequantize to 0.
        let value = min(max((Int32(w[0]) &+ 16) &>> 5, -128), 127) &+ 128
        let fill = SIMD8<UInt8>(repeating: UInt8(truncatingIfNeeded: value))
        let out = UnsafeMutableRawPointer(output)
        for r in 0..<8 {
          out.storeBytes(of: fill, toByteOffset: r &* stride, as: SIMD8<UInt8>.self)
        }
        return
      }
      // Words 0...3 of row 0 twice in the low half, 4...7 in the high half; each pair of
      // workspace columns is one shuffle of that (`vpshufd` in libjpeg-turbo).
      let ww = opaque(RowPair(lowHalf: w, highHalf: w))
      @inline(__always) func splats(_ a: Int, _ b: Int) -> RowPair {
        let (x, y) = (ww[a], ww[b &+ 8])
        return RowPair(x, x, x, x, x, x, x, x, y, y, y, y, y, y, y, y)
      }
      secondPass((splats(0, 4), splats(1, 5), splats(2, 6), splats(3, 7)), output, stride: stride)
    }

    /// Pass 2 on the workspace columns (`c0_4`, `c1_5`, `c2_6`, `c3_7`: lanes are rows),
    /// transpose back to rows, saturate to bytes (`vpacksswb`), + 128, store 8 rows of 8.
    @inline(__always)
    static func secondPass(
      _ c: (RowPair, RowPair, RowPair, RowPair), _ output: UnsafeMutablePointer<UInt8>,
      stride: Int
    ) {
      let data = pass(
        in0_4: opaque(c.0), in3_1: opaque(RowPair(lowHalf: c.3.lowHalf, highHalf: c.1.lowHalf)),
        in2_6: opaque(c.2),
        in7_5: opaque(RowPair(lowHalf: c.3.highHalf, highHalf: c.1.highHalf)), shift: 18)
      let r = transposed(data)
      // Per 128-bit half: rows 0 and 1 | 4 and 5, then rows 2 and 3 | 6 and 7.
      let center = SIMD32<UInt8>(repeating: 128)
      let b01_45 = AVX2Words.packSignedBytes(r.0, r.1) &+ center
      let b23_67 = AVX2Words.packSignedBytes(r.2, r.3) &+ center
      let q01_45 = unsafeBitCast(b01_45, to: SIMD4<UInt64>.self)
      let q23_67 = unsafeBitCast(b23_67, to: SIMD4<UInt64>.self)
      let out = UnsafeMutableRawPointer(output)
      out.storeBytes(of: q01_45[0], as: UInt64.self)
      out.storeBytes(of: q01_45[1], toByteOffset: stride, as: UInt64.self)
      out.storeBytes(of: q23_67[0], toByteOffset: 2 &* stride, as: UInt64.self)
      out.storeBytes(of: q23_67[1], toByteOffset: 3 &* stride, as: UInt64.self)
      out.storeBytes(of: q01_45[2], toByteOffset: 4 &* stride, as: UInt64.self)
      out.storeBytes(of: q01_45[3], toByteOffset: 5 &* stride, as: UInt64.self)
      out.storeBytes(of: q23_67[2], toByteOffset: 6 &* stride, as: UInt64.self)
      out.storeBytes(of: q23_67[3], toByteOffset: 7 &* stride, as: UInt64.self)
    }

    /// `v` unchanged (`vpsignw` by +1, off the shuffle port), where LLVM cannot see through
    /// it: its shuffle combiner would otherwise merge the permutes on either side into longer
    /// chains of `vpermt2w` / blends than the unpacks they replace.
    @inline(__always)
    static func opaque(_ v: RowPair) -> RowPair {
      AVX2Words.sign(v, RowPair(repeating: 1))
    }

    /// `vpmaddwd` factors: per 128-bit half, 4 copies of the pair (`first`, `second`), `low`
    /// in the low half and `high` in the high half.
    @inline(__always)
    static func factors(_ low: (Int32, Int32), _ high: (Int32, Int32)) -> RowPair {
      @inline(__always) func pair(_ f: (Int32, Int32)) -> Int32 {
        f.1 << 16 | Int32(UInt16(truncatingIfNeeded: f.0))
      }
      let l = pair(low)
      let h = pair(high)
      return unsafeBitCast(Dwords(l, l, l, l, h, h, h, h), to: RowPair.self)
    }

    /// jidctint-avx2.asm's `dodct`: one 1-D pass of the 8 vectors held as the pairs
    /// `in0_4`, `in3_1`, `in2_6`, `in7_5`, descaled by `shift` with rounding and saturated to
    /// 16 bits. Returns `data0_1`, `data3_2`, `data4_5`, `data7_6`. The same arithmetic as
    /// ``pass(_:shift:)`` (16-bit wrapping sums in0 ± in4, in7 + in3, in5 + in1; 32-bit rest).
    @inline(__always)
    static func pass(
      in0_4: RowPair, in3_1: RowPair, in2_6: RowPair, in7_5: RowPair, shift: Int32
    ) -> (RowPair, RowPair, RowPair, RowPair) {
      let k = JPEGIDCTConstants.self
      // Even part: tmp3 (low half) and tmp2 (high half) from the pairs (in2, in6), (in6, in2).
      let in26_62 = (unpackLow(in2_6, swapHalves(in2_6)), unpackHigh(in2_6, swapHalves(in2_6)))
      let evenFactors = factors((k.f130, k.fix0p541196100), (k.mf130, k.fix0p541196100))
      let tmp3_2L = AVX2Words.multiplyAdd(in26_62.0, evenFactors)
      let tmp3_2H = AVX2Words.multiplyAdd(in26_62.1, evenFactors)
      // (in0 + in4 | in0 − in4) in 16 bits, then << 13 as dwords: words put in the high half
      // of each dword by the unpack, shifted right arithmetically by 16 − 13.
      let sums = swapHalves(in0_4) &+ AVX2Words.sign(in0_4, factors((1, 1), (-1, -1)))
      let tmp0_1L = unsafeBitCast(unpackLow(RowPair(), sums), to: Dwords.self) &>> 3
      let tmp0_1H = unsafeBitCast(unpackHigh(RowPair(), sums), to: Dwords.self) &>> 3
      let tmp10_11L = tmp0_1L &+ tmp3_2L
      let tmp10_11H = tmp0_1H &+ tmp3_2H
      let tmp13_12L = tmp0_1L &- tmp3_2L
      let tmp13_12H = tmp0_1H &- tmp3_2H
      // Odd part: z3 = in7 + in3 (low half), z4 = in5 + in1 (high half), rotated together.
      let z3_4 = in7_5 &+ in3_1
      let zFactors = factors((k.mf078, k.fix1p175875602), (k.f078, k.fix1p175875602))
      let z3_4L = AVX2Words.multiplyAdd(unpackLow(z3_4, swapHalves(z3_4)), zFactors)
      let z3_4H = AVX2Words.multiplyAdd(unpackHigh(z3_4, swapHalves(z3_4)), zFactors)
      // Pairs (in7, in1) in the low half, (in5, in3) in the high half.
      let in1_3 = swapHalves(in3_1)
      let in71_53L = unpackLow(in7_5, in1_3)
      let in71_53H = unpackHigh(in7_5, in1_3)
      let odd0_1 = factors((k.mf060, -k.fix0p899976223), (k.mf050, -k.fix2p562915447))
      let odd3_2 = factors((-k.fix0p899976223, k.f060), (-k.fix2p562915447, k.f050))
      let tmp0_1oddL = AVX2Words.multiplyAdd(in71_53L, odd0_1) &+ z3_4L
      let tmp0_1oddH = AVX2Words.multiplyAdd(in71_53H, odd0_1) &+ z3_4H
      let tmp3_2oddL = AVX2Words.multiplyAdd(in71_53L, odd3_2) &+ swapHalves(z3_4L)
      let tmp3_2oddH = AVX2Words.multiplyAdd(in71_53H, odd3_2) &+ swapHalves(z3_4H)
      // Final stage: descale with rounding, saturate to words.
      let round = Dwords(repeating: 1 &<< (shift &- 1))
      @inline(__always) func descaled(_ l: Dwords, _ h: Dwords) -> RowPair {
        AVX2Words.packSigned((l &+ round) &>> shift, (h &+ round) &>> shift)
      }
      return (
        descaled(tmp10_11L &+ tmp3_2oddL, tmp10_11H &+ tmp3_2oddH),
        descaled(tmp13_12L &+ tmp0_1oddL, tmp13_12H &+ tmp0_1oddH),
        descaled(tmp13_12L &- tmp0_1oddL, tmp13_12H &- tmp0_1oddH),
        descaled(tmp10_11L &- tmp3_2oddL, tmp10_11H &- tmp3_2oddH)
      )
    }

    /// jidctint-avx2.asm's `dotranspose`: the 8 × 8 words held as `data0_1`, `data3_2`,
    /// `data4_5`, `data7_6` (one row per half) transposed into `c0_4`, `c1_5`, `c2_6`,
    /// `c3_7` (column k of the input is row k of the output), in `vpermq` and three rounds of
    /// unpacks.
    @inline(__always)
    static func transposed(_ m: (RowPair, RowPair, RowPair, RowPair)) -> (
      RowPair, RowPair, RowPair, RowPair
    ) {
      // Quadwords (0 2 1 3) of data0_1, data4_5 and (2 0 3 1) of data3_2, data7_6:
      // 00-03 10-13 | 04-07 14-17, 20-23 30-33 | 24-27 34-37 (two-digit names: row, column).
      let a = permuteQuadwords(m.0, 0, 2, 1, 3)
      let b = permuteQuadwords(m.1, 2, 0, 3, 1)
      let c = permuteQuadwords(m.2, 0, 2, 1, 3)
      let d = permuteQuadwords(m.3, 2, 0, 3, 1)
      let e0 = unpackLow(a, b)
      let e1 = unpackHigh(a, b)
      let e2 = unpackLow(c, d)
      let e3 = unpackHigh(c, d)
      let f0 = unpackLow(e0, e1)
      let f1 = unpackLow(e2, e3)
      let f2 = unpackHigh(e0, e1)
      let f3 = unpackHigh(e2, e3)
      return (
        unpackLowQuadwords(f0, f1), unpackHighQuadwords(f0, f1), unpackLowQuadwords(f2, f3),
        unpackHighQuadwords(f2, f3)
      )
    }

    /// `vperm2i128 v, v, 0x01`: the two 128-bit halves exchanged.
    @inline(__always)
    static func swapHalves<V: SIMD>(_ v: V) -> V where V.Scalar: FixedWidthInteger {
      let q = unsafeBitCast(v, to: SIMD4<UInt64>.self)
      return unsafeBitCast(SIMD4<UInt64>(q[2], q[3], q[0], q[1]), to: V.self)
    }

    /// `vpermq`: quadword i of the result is quadword `i_` of `v`.
    @inline(__always)
    static func permuteQuadwords(_ v: RowPair, _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int)
      -> RowPair
    {
      let q = unsafeBitCast(v, to: SIMD4<UInt64>.self)
      return unsafeBitCast(SIMD4<UInt64>(q[i0], q[i1], q[i2], q[i3]), to: RowPair.self)
    }

    /// `vpunpcklwd`: per half, words 0...3 of `a` and `b` interleaved.
    @inline(__always)
    static func unpackLow(_ a: RowPair, _ b: RowPair) -> RowPair {
      RowPair(
        a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[8], b[8], a[9], b[9], a[10], b[10],
        a[11], b[11])
    }

    /// `vpunpckhwd`: per half, words 4...7 of `a` and `b` interleaved.
    @inline(__always)
    static func unpackHigh(_ a: RowPair, _ b: RowPair) -> RowPair {
      RowPair(
        a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7], a[12], b[12], a[13], b[13], a[14], b[14],
        a[15], b[15])
    }

    /// `vpunpcklqdq`: per half, quadword 0 of `a` then of `b`.
    @inline(__always)
    static func unpackLowQuadwords(_ a: RowPair, _ b: RowPair) -> RowPair {
      let x = unsafeBitCast(a, to: SIMD4<UInt64>.self)
      let y = unsafeBitCast(b, to: SIMD4<UInt64>.self)
      return unsafeBitCast(SIMD4<UInt64>(x[0], y[0], x[2], y[2]), to: RowPair.self)
    }

    /// `vpunpckhqdq`: per half, quadword 1 of `a` then of `b`.
    @inline(__always)
    static func unpackHighQuadwords(_ a: RowPair, _ b: RowPair) -> RowPair {
      let x = unsafeBitCast(a, to: SIMD4<UInt64>.self)
      let y = unsafeBitCast(b, to: SIMD4<UInt64>.self)
      return unsafeBitCast(SIMD4<UInt64>(x[1], y[1], x[3], y[3]), to: RowPair.self)
    }
  }
#endif
