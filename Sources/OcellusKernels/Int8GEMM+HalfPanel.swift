extension Int8GEMM {
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
    let zero: Tile<SIMD8<Int32>> = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    let load = { (w: UnsafeRawPointer) in w.loadUnaligned(as: SIMD8<Int32>.self) }
    let s =
      signedActivations
      ? accumulate(a, lda: lda, rows: rows, k: k, b: b, from: zero, load: load) {
        halfDot($0, $2, SIMD8(repeating: $1))
      }
      : accumulate(a, lda: lda, rows: rows, k: k, b: b, from: zero, load: load) {
        halfDot($0, SIMD8(repeating: $1) ^ flips, $2)
      }
    store(s, rows: rows, tile) {
      SIMD16(lowHalf: $0 &+ SIMD8(repeating: terms[$1]), highHalf: .zero)
    }
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
