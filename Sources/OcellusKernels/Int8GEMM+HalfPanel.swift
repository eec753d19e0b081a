extension Int8GEMM {
  /// Eight rows' Int32 sums against the first eight columns of one panel.
  typealias HalfTileSums = (
    SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>,
    SIMD8<Int32>, SIMD8<Int32>
  )

  /// ``kernel(_:lda:rows:k:flips:signedActivations:b:terms:tile:)`` for a panel of which at
  /// most the first eight columns are the matrix's (24 channels are a panel and a half): the
  /// dot products run on eight lanes, the first 32 bytes of each 64-byte group, and lanes
  /// 8 ..< 16 of each tile row are zero.
  @inline(never)
  static func halfKernel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flips: SIMD16<Int32>,
    signedActivations: Bool, b: UnsafePointer<Int8>, terms: SIMD8<Int32>,
    tile: UnsafeMutablePointer<Int32>
  ) {
    let flips = flips.lowHalf
    let s =
      signedActivations
      ? accumulateHalf(a, lda: lda, rows: rows, k: k, b: b) { halfDot($0, $2, $1) }
      : accumulateHalf(a, lda: lda, rows: rows, k: k, b: b) { halfDot($0, $1 ^ flips, $2) }
    func store(_ sums: SIMD8<Int32>, _ i: Int) {
      if i < rows {
        let row = SIMD16(lowHalf: sums &+ SIMD8(repeating: terms[i]), highHalf: .zero)
        UnsafeMutableRawPointer(tile + i &* 16).storeBytes(of: row, as: SIMD16<Int32>.self)
      }
    }
    store(s.0, 0)
    store(s.1, 1)
    store(s.2, 2)
    store(s.3, 3)
    store(s.4, 4)
    store(s.5, 5)
    store(s.6, 6)
    store(s.7, 7)
  }

  /// The half panel's sums of `rows` (≤ 8) rows of A: `step(acc, word, weights)` adds one
  /// group of four, `word` a row's four activations splat and `weights` the eight columns'.
  @_transparent
  static func accumulateHalf(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, b: UnsafePointer<Int8>,
    _ step: (SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>) -> SIMD8<Int32>
  ) -> HalfTileSums {
    func row(_ i: Int) -> UnsafeRawPointer { UnsafeRawPointer(a + (i < rows ? i &* lda : 0)) }
    let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
    let (r4, r5, r6, r7) = (row(4), row(5), row(6), row(7))
    var s: HalfTileSums = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    @inline(__always)
    func add(_ weights: SIMD8<Int32>, _ word: (UnsafeRawPointer) -> Int32) {
      s.0 = step(s.0, SIMD8(repeating: word(r0)), weights)
      s.1 = step(s.1, SIMD8(repeating: word(r1)), weights)
      s.2 = step(s.2, SIMD8(repeating: word(r2)), weights)
      s.3 = step(s.3, SIMD8(repeating: word(r3)), weights)
      s.4 = step(s.4, SIMD8(repeating: word(r4)), weights)
      s.5 = step(s.5, SIMD8(repeating: word(r5)), weights)
      s.6 = step(s.6, SIMD8(repeating: word(r6)), weights)
      s.7 = step(s.7, SIMD8(repeating: word(r7)), weights)
    }
    let whole = k / 4
    var w = UnsafeRawPointer(b)
    for g in 0..<whole {
      let at = g &* 4
      add(w.loadUnaligned(as: SIMD8<Int32>.self)) { Self.word($0, at) }
      w += 64
    }
    if whole &* 4 < k {
      let (at, tail) = (whole &* 4, k &- whole &* 4)
      add(w.loadUnaligned(as: SIMD8<Int32>.self)) { Self.partialWord($0, at, tail) }
    }
    return s
  }

  /// `acc` plus, per lane, the four products of the unsigned bytes of `unsigned` with the
  /// signed bytes of `signed` (wrapping): `vpdpbusd` on eight lanes.
  @inline(__always)
  static func halfDot(_ acc: SIMD8<Int32>, _ unsigned: SIMD8<Int32>, _ signed: SIMD8<Int32>)
    -> SIMD8<Int32>
  {
    #if OCELLUS_VNNI
      VNNI.dotBytes(acc, unsigned, signed)
    #else
      var result = acc
      for lane in 0..<8 {
        result[lane] &+= bytesDot(unsigned: unsigned[lane], signed: signed[lane])
      }
      return result
    #endif
  }
}
