/// The vectorized accurate integer ("islow") inverse DCT of the JPEG decoder: 8 lanes at a
/// time, bit-exact with ImageCodecs' `JPEGIDCTReference` (libjpeg-turbo 3.2.0's x86-64 SIMD
/// `islow`, which equals `jidctint.c` on every block a valid JPEG can produce). Reached through
/// ``KernelTarget/jpegEntryPoints``.
enum JPEGIDCT {
  /// Transforms `count` consecutive blocks at `blocks` (64 coefficients each, natural order)
  /// with the 64 quantizers at `quantization` into 8 rows of `8 × count` samples at `output`,
  /// rows `stride` bytes apart. With `clearing`, each block is zeroed once transformed (the
  /// memory at `blocks` must then be mutable).
  static func transformRow(
    _ blocks: UnsafePointer<Int16>, count: Int, _ quantization: UnsafePointer<Int16>,
    _ output: UnsafeMutablePointer<UInt8>, stride: Int, clearing: Bool
  ) {
    var block = blocks
    var out = output
    for _ in 0..<count {
      transform(block, quantization, out, stride: stride)
      if clearing {
        UnsafeMutableRawPointer(mutating: block).storeBytes(
          of: (SIMD64<UInt8>(), SIMD64<UInt8>()), as: (SIMD64<UInt8>, SIMD64<UInt8>).self)
      }
      block += 64
      out += 8
    }
  }

  typealias Lanes = SIMD8<Int32>
  typealias Block = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

  /// Transforms the 64 coefficients at `coefficients` (natural order) with the 64 quantizers
  /// at `quantization` (16-bit patterns) into 8 rows of 8 samples at `output`, `stride` apart:
  /// in the x86 builds on AVX2 instructions (JPEGIDCT+AVX2.swift), elsewhere lane-wise.
  @inline(__always)
  static func transform(
    _ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
    _ output: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    #if OCELLUS_AVX2 || OCELLUS_AVX512
      transformAVX2(coefficients, quantization, output, stride: stride)
    #else
      transformLanes(coefficients, quantization, output, stride: stride)
    #endif
  }

  /// ``transform(_:_:_:stride:)`` on 8 rows of 8 lanes, widened to 32 bits for the products.
  @inline(__always)
  static func transformLanes(
    _ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
    _ output: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let source = UnsafeRawPointer(coefficients)
    let quant = UnsafeRawPointer(quantization)
    @inline(__always) func row(_ k: Int) -> SIMD8<Int16> {
      source.loadUnaligned(fromByteOffset: k &* 16, as: SIMD8<Int16>.self)
    }
    @inline(__always) func quantRow(_ k: Int) -> SIMD8<Int16> {
      quant.loadUnaligned(fromByteOffset: k &* 16, as: SIMD8<Int16>.self)
    }
    let r0 = row(0)
    let r1 = row(1)
    let r2 = row(2)
    let r3 = row(3)
    let r4 = row(4)
    let r5 = row(5)
    let r6 = row(6)
    let r7 = row(7)
    let rest = (r1 | r2) | (r3 | r4) | (r5 | r6) | r7
    let d0 = r0 &* quantRow(0)
    if isZero(rest) {
      var acInRow0 = r0
      acInRow0[0] = 0
      if isZero(acInRow0) {
        // DC only: pass 1 gives (dq << 2) everywhere, pass 2 (x + 16) >> 5 everywhere.
        let dc = Int32(d0[0] &<< 2)
        let value = min(max((dc &+ 16) &>> 5, -128), 127) &+ 128
        let fill = SIMD8<UInt8>(repeating: UInt8(truncatingIfNeeded: value))
        let out = UnsafeMutableRawPointer(output)
        for r in 0..<8 {
          out.storeBytes(of: fill, toByteOffset: r &* stride, as: SIMD8<UInt8>.self)
        }
        return
      }
      // Rows 1...7 zero: every workspace row is (dq << 2) of row 0 (16-bit), so every output
      // row is the same: run pass 2 with each workspace column splatted.
      let w = d0 &<< 2
      let columns: WordBlock = (
        Words(repeating: w[0]), Words(repeating: w[1]), Words(repeating: w[2]),
        Words(repeating: w[3]), Words(repeating: w[4]), Words(repeating: w[5]),
        Words(repeating: w[6]), Words(repeating: w[7])
      )
      store(finish(transposed(saturated(pass(columns, shift: 18)))), output, stride: stride)
      return
    }
    let input: WordBlock = (
      d0, r1 &* quantRow(1), r2 &* quantRow(2), r3 &* quantRow(3), r4 &* quantRow(4),
      r5 &* quantRow(5), r6 &* quantRow(6), r7 &* quantRow(7)
    )
    // Zero inputs are exact zeros in every formula, so when coefficient rows 4...7 (pass 1) or
    // columns 4...7 (pass 2: those workspace columns are then 0) are all zero, passing literal
    // zeros lets the compiler drop their terms; the results are the same bits.
    let highRowsZero = isZero((r4 | r5) | (r6 | r7))
    let highColumnsZero = unsafeBitCast(r0 | rest, to: SIMD2<UInt64>.self)[1] == 0
    switch (highRowsZero, highColumnsZero) {
    case (true, true): twoPasses(input, output, stride, zeroHighRows: true, zeroHighColumns: true)
    case (true, false): twoPasses(input, output, stride, zeroHighRows: true, zeroHighColumns: false)
    case (false, true): twoPasses(input, output, stride, zeroHighRows: false, zeroHighColumns: true)
    case (false, false):
      twoPasses(input, output, stride, zeroHighRows: false, zeroHighColumns: false)
    }
  }

  /// Pass 1 (lanes are columns, vectors are rows; outputs saturate to 16 bits), transpose,
  /// pass 2 (lanes are rows, vectors are workspace columns), transpose, store. Called with
  /// literal flags so each combination is specialized.
  @inline(__always)
  static func twoPasses(
    _ input: WordBlock, _ output: UnsafeMutablePointer<UInt8>, _ stride: Int, zeroHighRows: Bool,
    zeroHighColumns: Bool
  ) {
    let zero = Words(repeating: 0)
    var first = input
    if zeroHighRows {
      first.4 = zero
      first.5 = zero
      first.6 = zero
      first.7 = zero
    }
    var workspace = transposed(saturated(pass(first, shift: 11)))
    if zeroHighColumns {
      workspace.4 = zero
      workspace.5 = zero
      workspace.6 = zero
      workspace.7 = zero
    }
    store(finish(transposed(saturated(pass(workspace, shift: 18)))), output, stride: stride)
  }

  /// True when every lane is 0 (one 64-bit test per half, no lane loop).
  @inline(__always)
  static func isZero(_ v: SIMD8<Int16>) -> Bool {
    let bits = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return bits[0] | bits[1] == 0
  }

  /// `packssdw` of every vector.
  @inline(__always)
  static func saturated(_ b: Block) -> WordBlock {
    (
      saturate16(b.0), saturate16(b.1), saturate16(b.2), saturate16(b.3), saturate16(b.4),
      saturate16(b.5), saturate16(b.6), saturate16(b.7)
    )
  }

  /// `packsswb` then `+ 128` of every vector: output samples 0...255 in 16-bit lanes. Inputs are
  /// pass-2 results (a 32-bit sum shifted right by 18, so |v| ≤ 8192) and the branch-free clamp
  /// cannot wrap.
  @inline(__always)
  static func finish(_ b: WordBlock) -> WordBlock {
    @inline(__always) func f(_ v: Words) -> Words {
      let above = v &- 127
      let atMost = 127 &+ (above & (above &>> 15))
      let below = atMost &+ 128
      return below & ~(below &>> 15)
    }
    return (f(b.0), f(b.1), f(b.2), f(b.3), f(b.4), f(b.5), f(b.6), f(b.7))
  }

  typealias Words = SIMD8<Int16>
  typealias WordBlock = (Words, Words, Words, Words, Words, Words, Words, Words)

  /// `v` clamped to `low...high`, lane by lane, with branch-free arithmetic (valid while
  /// `v − low` and `v − high` do not overflow: |v| < 2^30 here).
  @inline(__always)
  static func clamp(_ v: Lanes, _ low: Int32, _ high: Int32) -> Lanes {
    let above = v &- high
    let atMostHigh = high &+ (above & (above &>> 31))
    let below = atMostHigh &- low
    return low &+ (below & ~(below &>> 31))
  }

  /// `packssdw`: saturated to 16 bits.
  @inline(__always)
  static func saturate16(_ v: Lanes) -> Words {
    JPEGLaneConversions.int16Truncating(clamp(v, -32768, 32767))
  }

  /// Stores 8 rows of samples (0...255 in 16-bit lanes) as bytes.
  @inline(__always)
  static func store(_ rows: WordBlock, _ output: UnsafeMutablePointer<UInt8>, stride: Int) {
    let out = UnsafeMutableRawPointer(output)
    @inline(__always) func put(_ v: Words, _ r: Int) {
      out.storeBytes(
        of: JPEGLaneConversions.uint8Truncating(v), toByteOffset: r &* stride, as: SIMD8<UInt8>.self
      )
    }
    put(rows.0, 0)
    put(rows.1, 1)
    put(rows.2, 2)
    put(rows.3, 3)
    put(rows.4, 4)
    put(rows.5, 5)
    put(rows.6, 6)
    put(rows.7, 7)
  }

  /// The 8 × 8 transpose of 16-bit lanes in three rounds of interleaves (16-, 32-, 64-bit:
  /// `punpck*wd`, `punpck*dq`, `punpck*qdq`), each written lane by lane so it compiles to one
  /// shuffle instruction.
  @inline(__always)
  static func transposed(_ m: WordBlock) -> WordBlock {
    @inline(__always) func low16(_ a: Words, _ b: Words) -> Words {
      Words(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }
    @inline(__always) func high16(_ a: Words, _ b: Words) -> Words {
      Words(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }
    @inline(__always) func low32(_ a: Words, _ b: Words) -> Words {
      Words(a[0], a[1], b[0], b[1], a[2], a[3], b[2], b[3])
    }
    @inline(__always) func high32(_ a: Words, _ b: Words) -> Words {
      Words(a[4], a[5], b[4], b[5], a[6], a[7], b[6], b[7])
    }
    @inline(__always) func low64(_ a: Words, _ b: Words) -> Words {
      Words(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3])
    }
    @inline(__always) func high64(_ a: Words, _ b: Words) -> Words {
      Words(a[4], a[5], a[6], a[7], b[4], b[5], b[6], b[7])
    }
    let t0 = low16(m.0, m.1)
    let t1 = high16(m.0, m.1)
    let t2 = low16(m.2, m.3)
    let t3 = high16(m.2, m.3)
    let t4 = low16(m.4, m.5)
    let t5 = high16(m.4, m.5)
    let t6 = low16(m.6, m.7)
    let t7 = high16(m.6, m.7)
    let u0 = low32(t0, t2)
    let u1 = high32(t0, t2)
    let u2 = low32(t1, t3)
    let u3 = high32(t1, t3)
    let u4 = low32(t4, t6)
    let u5 = high32(t4, t6)
    let u6 = low32(t5, t7)
    let u7 = high32(t5, t7)
    return (
      low64(u0, u4), high64(u0, u4), low64(u1, u5), high64(u1, u5), low64(u2, u6), high64(u2, u6),
      low64(u3, u7), high64(u3, u7)
    )
  }

  /// One 1-D pass on 8 vectors of 16-bit lanes, as ``JPEGIDCTReference/pass(_:shift:)`` lane
  /// by lane: the sums in0 ± in4, in7 + in3 and in5 + in1 wrap in 16 bits, products and the
  /// rest are 32-bit; results descaled by `shift`, not yet saturated.
  @inline(__always)
  static func pass(_ v: WordBlock, shift: Int32) -> Block {
    @inline(__always) func wide(_ x: Words) -> Lanes { JPEGLaneConversions.int32(x) }
    let in1 = wide(v.1)
    let in2 = wide(v.2)
    let in3 = wide(v.3)
    let in5 = wide(v.5)
    let in6 = wide(v.6)
    let in7 = wide(v.7)
    let k = JPEGIDCTConstants.self
    let tmp3 = in2 &* k.f130 &+ in6 &* k.fix0p541196100
    let tmp2 = in2 &* k.fix0p541196100 &+ in6 &* k.mf130
    let tmp0 = wide(v.0 &+ v.4) &<< 13
    let tmp1 = wide(v.0 &- v.4) &<< 13
    let tmp10 = tmp0 &+ tmp3
    let tmp13 = tmp0 &- tmp3
    let tmp11 = tmp1 &+ tmp2
    let tmp12 = tmp1 &- tmp2
    let z3 = wide(v.7 &+ v.3)
    let z4 = wide(v.5 &+ v.1)
    let z3r = z3 &* k.mf078 &+ z4 &* k.fix1p175875602
    let z4r = z3 &* k.fix1p175875602 &+ z4 &* k.f078
    let odd0 = in7 &* k.mf060 &+ in1 &* -k.fix0p899976223 &+ z3r
    let odd1 = in5 &* k.mf050 &+ in3 &* -k.fix2p562915447 &+ z4r
    let odd2 = in5 &* -k.fix2p562915447 &+ in3 &* k.f050 &+ z3r
    let odd3 = in7 &* -k.fix0p899976223 &+ in1 &* k.f060 &+ z4r
    let round = Lanes(repeating: 1 &<< (shift &- 1))
    let a = tmp10 &+ round
    let b = tmp11 &+ round
    let c = tmp12 &+ round
    let d = tmp13 &+ round
    let s = Lanes(repeating: shift)
    return (
      (a &+ odd3) &>> s, (b &+ odd2) &>> s, (c &+ odd1) &>> s, (d &+ odd0) &>> s,
      (d &- odd0) &>> s, (c &- odd1) &>> s, (b &- odd2) &>> s, (a &- odd3) &>> s
    )
  }
}
