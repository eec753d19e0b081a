/// The two passes of the camera-frame resampler on one plane, in fixed point.
///
/// Vertical pass (first, over whole source rows): for each column x of the span,
/// `v(x) = (Σ_k w_k · p_k(x) + 1) >> 1` with 8-bit pixels `p_k` of the tap rows and weights
/// `w_k` summing to 256 (``FrameFilterAxis`` with 8 bits). The sum is at most 255 · 256, so
/// it runs in 16-bit SIMD lanes (`&*`, `&+`) without overflow; `v` is the filtered value
/// times 128 (0...32640).
///
/// Horizontal pass: for each output, `clamp((Σ_t w_t · v(x_t) + 2^20) >> 21, 0, 255)` with
/// weights summing to 2^14 (at most 32640 · 2^14 < 2^31: no overflow in 32 bits), i.e. the
/// filtered value rounded half up to 8 bits.
///
/// ``FramePackerReference`` computes the same numbers one pixel at a time.
enum FramePlaneFilter {
  /// The vertical pass over `width` bytes: `rows[k]` is tap row k (already offset to the
  /// span's first byte), `weights[k]` its weight; `count` taps (≥ 1). Writes `width` values.
  @inline(__always)
  static func vertical(
    rows: UnsafePointer<UnsafePointer<UInt8>>, weights: UnsafePointer<Int16>, count: Int,
    width: Int, into out: UnsafeMutablePointer<Int16>
  ) {
    withUnsafeTemporaryAllocation(of: SIMD16<UInt16>.self, capacity: max(count, 1)) { buffer in
      guard let broadcast = buffer.baseAddress else { return }
      for k in 0..<count {
        (broadcast + k).initialize(
          to: SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: weights[k])))
      }
      verticalBlocks(rows: rows, broadcast: broadcast, count: count, width: width, into: out)
    }
    var x = width & ~63
    while x < width {
      var acc: UInt32 = 0
      for k in 0..<count { acc &+= UInt32(rows[k][x]) &* UInt32(truncatingIfNeeded: weights[k]) }
      out[x] = Int16(truncatingIfNeeded: (acc &+ 1) &>> 1)
      x &+= 1
    }
  }

  /// The vertical pass over the first `width & ~63` bytes, 64 columns at a time, with the
  /// weights already broadcast to every lane.
  @inline(__always)
  static func verticalBlocks(
    rows: UnsafePointer<UnsafePointer<UInt8>>, broadcast: UnsafePointer<SIMD16<UInt16>>,
    count: Int, width: Int, into out: UnsafeMutablePointer<Int16>
  ) {
    let one = SIMD16<UInt16>(repeating: 1)
    let raw = UnsafeMutableRawPointer(out)
    var x = 0
    while x &+ 64 <= width {
      var acc0 = SIMD16<UInt16>(repeating: 0)
      var acc1 = SIMD16<UInt16>(repeating: 0)
      var acc2 = SIMD16<UInt16>(repeating: 0)
      var acc3 = SIMD16<UInt16>(repeating: 0)
      for k in 0..<count {
        let w = broadcast[k]
        let p = UnsafeRawPointer(rows[k] + x)
        acc0 &+= SIMD16<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD16<UInt8>.self)) &* w
        acc1 &+=
          SIMD16<UInt16>(
            truncatingIfNeeded: p.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)) &* w
        acc2 &+=
          SIMD16<UInt16>(
            truncatingIfNeeded: p.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)) &* w
        acc3 &+=
          SIMD16<UInt16>(
            truncatingIfNeeded: p.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)) &* w
      }
      let o = 2 &* x
      raw.storeBytes(
        of: SIMD16<Int16>(truncatingIfNeeded: (acc0 &+ one) &>> 1), toByteOffset: o,
        as: SIMD16<Int16>.self)
      raw.storeBytes(
        of: SIMD16<Int16>(truncatingIfNeeded: (acc1 &+ one) &>> 1), toByteOffset: o &+ 32,
        as: SIMD16<Int16>.self)
      raw.storeBytes(
        of: SIMD16<Int16>(truncatingIfNeeded: (acc2 &+ one) &>> 1), toByteOffset: o &+ 64,
        as: SIMD16<Int16>.self)
      raw.storeBytes(
        of: SIMD16<Int16>(truncatingIfNeeded: (acc3 &+ one) &>> 1), toByteOffset: o &+ 96,
        as: SIMD16<Int16>.self)
      x &+= 64
    }
  }

  /// The vertical pass over `pairs` interleaved value pairs (NV12/NV21 chroma rows), the
  /// first value of each pair into `first`, the second into `second` (`pairs` values each);
  /// the same arithmetic as ``vertical(rows:weights:count:width:into:)``.
  @inline(__always)
  static func verticalPairs(
    rows: UnsafePointer<UnsafePointer<UInt8>>, weights: UnsafePointer<Int16>, count: Int,
    pairs: Int, first: UnsafeMutablePointer<Int16>, second: UnsafeMutablePointer<Int16>
  ) {
    withUnsafeTemporaryAllocation(of: SIMD16<UInt16>.self, capacity: max(count, 1)) { buffer in
      guard let broadcast = buffer.baseAddress else { return }
      for k in 0..<count {
        (broadcast + k).initialize(
          to: SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: weights[k])))
      }
      let one = SIMD16<UInt16>(repeating: 1)
      let low = SIMD16<UInt16>(repeating: 0xFF)
      let firstRaw = UnsafeMutableRawPointer(first)
      let secondRaw = UnsafeMutableRawPointer(second)
      var x = 0
      // 32 pairs (64 bytes) at a time: each 16-bit lane holds a pair, the first value in the
      // low byte (every Swift platform is little-endian), so masking and shifting separate
      // them.
      while x &+ 32 <= pairs {
        var f0 = SIMD16<UInt16>(repeating: 0)
        var f1 = SIMD16<UInt16>(repeating: 0)
        var s0 = SIMD16<UInt16>(repeating: 0)
        var s1 = SIMD16<UInt16>(repeating: 0)
        for k in 0..<count {
          let w = broadcast[k]
          let p = UnsafeRawPointer(rows[k] + 2 &* x)
          let a = p.loadUnaligned(as: SIMD16<UInt16>.self)
          let b = p.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt16>.self)
          f0 &+= (a & low) &* w
          s0 &+= (a &>> 8) &* w
          f1 &+= (b & low) &* w
          s1 &+= (b &>> 8) &* w
        }
        let o = 2 &* x
        firstRaw.storeBytes(
          of: SIMD16<Int16>(truncatingIfNeeded: (f0 &+ one) &>> 1), toByteOffset: o,
          as: SIMD16<Int16>.self)
        firstRaw.storeBytes(
          of: SIMD16<Int16>(truncatingIfNeeded: (f1 &+ one) &>> 1), toByteOffset: o &+ 32,
          as: SIMD16<Int16>.self)
        secondRaw.storeBytes(
          of: SIMD16<Int16>(truncatingIfNeeded: (s0 &+ one) &>> 1), toByteOffset: o,
          as: SIMD16<Int16>.self)
        secondRaw.storeBytes(
          of: SIMD16<Int16>(truncatingIfNeeded: (s1 &+ one) &>> 1), toByteOffset: o &+ 32,
          as: SIMD16<Int16>.self)
        x &+= 32
      }
      while x < pairs {
        var f: UInt32 = 0
        var t: UInt32 = 0
        for k in 0..<count {
          let w = UInt32(truncatingIfNeeded: weights[k])
          f &+= UInt32(rows[k][2 &* x]) &* w
          t &+= UInt32(rows[k][2 &* x &+ 1]) &* w
        }
        first[x] = Int16(truncatingIfNeeded: (f &+ 1) &>> 1)
        second[x] = Int16(truncatingIfNeeded: (t &+ 1) &>> 1)
        x &+= 1
      }
    }
  }

  /// The horizontal pass of a one-value-per-pixel line: output a reads
  /// `line[offsets[a] ..< offsets[a] + lanes]` (the line is readable that far; weights past
  /// the taps are 0) with `weights[a · lanes ...]`; `lanes` a multiple of 8.
  @inline(__always)
  static func horizontal(
    line: UnsafePointer<Int16>, offsets: UnsafePointer<Int>, weights: UnsafePointer<Int16>,
    lanes: Int, outputs: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    let lineRaw = UnsafeRawPointer(line)
    let weightRaw = UnsafeRawPointer(weights)
    var a = 0
    // Four outputs at a time: pairwise products (one multiply-add instruction where the
    // CPU has it), then the four sums reduced together.
    while a &+ 4 <= outputs {
      let p0 = lineRaw + 2 &* offsets[a]
      let p1 = lineRaw + 2 &* offsets[a &+ 1]
      let p2 = lineRaw + 2 &* offsets[a &+ 2]
      let p3 = lineRaw + 2 &* offsets[a &+ 3]
      let w = weightRaw + 2 &* a &* lanes
      let wStride = 2 &* lanes
      var s0 = SIMD4<Int32>(repeating: 0)
      var s1 = SIMD4<Int32>(repeating: 0)
      var s2 = SIMD4<Int32>(repeating: 0)
      var s3 = SIMD4<Int32>(repeating: 0)
      var t = 0
      while t < lanes {
        let o = 2 &* t
        s0 &+= pairSums(p0, w, o)
        s1 &+= pairSums(p1, w + wStride, o)
        s2 &+= pairSums(p2, w + 2 &* wStride, o)
        s3 &+= pairSums(p3, w + 3 &* wStride, o)
        t &+= 8
      }
      store4(reduce(s0, s1, s2, s3), to: out + a)
      a &+= 4
    }
    while a < outputs {
      let p = lineRaw + 2 &* offsets[a]
      let w = weightRaw + 2 &* a &* lanes
      var s = SIMD4<Int32>(repeating: 0)
      var t = 0
      while t < lanes {
        s &+= pairSums(p, w, 2 &* t)
        t &+= 8
      }
      out[a] = round21(s.wrappedSum())
      a &+= 1
    }
  }

  /// ``horizontal(line:offsets:weights:lanes:outputs:into:)`` on two lines with the same
  /// taps (Cb and Cr), sharing the offset and weight loads: `first` into `firstOut`,
  /// `second` into `secondOut`.
  @inline(__always)
  static func horizontalTwo(
    first: UnsafePointer<Int16>, second: UnsafePointer<Int16>, offsets: UnsafePointer<Int>,
    weights: UnsafePointer<Int16>, lanes: Int, outputs: Int,
    firstOut: UnsafeMutablePointer<UInt8>, secondOut: UnsafeMutablePointer<UInt8>
  ) {
    let firstRaw = UnsafeRawPointer(first)
    let secondRaw = UnsafeRawPointer(second)
    let weightRaw = UnsafeRawPointer(weights)
    let wStride = 2 &* lanes
    var a = 0
    while a &+ 4 <= outputs {
      let o0 = 2 &* offsets[a]
      let o1 = 2 &* offsets[a &+ 1]
      let o2 = 2 &* offsets[a &+ 2]
      let o3 = 2 &* offsets[a &+ 3]
      let w = weightRaw + 2 &* a &* lanes
      var f0 = SIMD4<Int32>(repeating: 0)
      var f1 = SIMD4<Int32>(repeating: 0)
      var f2 = SIMD4<Int32>(repeating: 0)
      var f3 = SIMD4<Int32>(repeating: 0)
      var g0 = SIMD4<Int32>(repeating: 0)
      var g1 = SIMD4<Int32>(repeating: 0)
      var g2 = SIMD4<Int32>(repeating: 0)
      var g3 = SIMD4<Int32>(repeating: 0)
      var t = 0
      while t < lanes {
        let o = 2 &* t
        f0 &+= pairSums(firstRaw + o0, w, o)
        g0 &+= pairSums(secondRaw + o0, w, o)
        f1 &+= pairSums(firstRaw + o1, w + wStride, o)
        g1 &+= pairSums(secondRaw + o1, w + wStride, o)
        f2 &+= pairSums(firstRaw + o2, w + 2 &* wStride, o)
        g2 &+= pairSums(secondRaw + o2, w + 2 &* wStride, o)
        f3 &+= pairSums(firstRaw + o3, w + 3 &* wStride, o)
        g3 &+= pairSums(secondRaw + o3, w + 3 &* wStride, o)
        t &+= 8
      }
      store4(reduce(f0, f1, f2, f3), to: firstOut + a)
      store4(reduce(g0, g1, g2, g3), to: secondOut + a)
      a &+= 4
    }
    while a < outputs {
      let o0 = 2 &* offsets[a]
      let w = weightRaw + 2 &* a &* lanes
      var f = SIMD4<Int32>(repeating: 0)
      var g = SIMD4<Int32>(repeating: 0)
      var t = 0
      while t < lanes {
        f &+= pairSums(firstRaw + o0, w, 2 &* t)
        g &+= pairSums(secondRaw + o0, w, 2 &* t)
        t &+= 8
      }
      firstOut[a] = round21(f.wrappedSum())
      secondOut[a] = round21(g.wrappedSum())
      a &+= 1
    }
  }

  /// Eight 16-bit products of `p` and `w` (at byte offset `o` of each) summed in adjacent
  /// pairs into four 32-bit lanes (exact: each product is below 2^30).
  @inline(__always)
  static func pairSums(_ p: UnsafeRawPointer, _ w: UnsafeRawPointer, _ o: Int) -> SIMD4<Int32> {
    let v = SIMD8<Int32>(
      truncatingIfNeeded: p.loadUnaligned(fromByteOffset: o, as: SIMD8<Int16>.self))
    let c = SIMD8<Int32>(
      truncatingIfNeeded: w.loadUnaligned(fromByteOffset: o, as: SIMD8<Int16>.self))
    let m = v &* c
    return m.evenHalf &+ m.oddHalf
  }

  /// The lane sums of four vectors, in order, rounded to 8 bits as ``round21(_:)``.
  @inline(__always)
  static func reduce(
    _ a: SIMD4<Int32>, _ b: SIMD4<Int32>, _ c: SIMD4<Int32>, _ d: SIMD4<Int32>
  ) -> SIMD4<Int32> {
    let ab = SIMD4(lowHalf: a.lowHalf &+ a.highHalf, highHalf: b.lowHalf &+ b.highHalf)
    let cd = SIMD4(lowHalf: c.lowHalf &+ c.highHalf, highHalf: d.lowHalf &+ d.highHalf)
    let sums = SIMD4(lowHalf: ab.evenHalf &+ ab.oddHalf, highHalf: cd.evenHalf &+ cd.oddHalf)
    // Sums lie in 0 ... 32640 · 2^14, so the rounded values are 0...255: no clamp needed.
    return (sums &+ SIMD4(repeating: 1 << 20)) &>> 21
  }

  /// Stores four values (each 0...255) as bytes.
  @inline(__always)
  static func store4(_ v: SIMD4<Int32>, to out: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(out).storeBytes(
      of: SIMD4<UInt8>(truncatingIfNeeded: v), as: SIMD4<UInt8>.self)
  }

  /// A horizontal sum (value × 128 × 2^14) rounded half up to 8 bits and clamped.
  @inline(__always)
  static func round21(_ sum: Int32) -> UInt8 {
    let v = (sum &+ (1 << 20)) &>> 21
    return UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
  }
}
