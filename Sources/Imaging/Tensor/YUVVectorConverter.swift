/// ``YUVToRGBConverter``'s equations on eight pixels at once (identical results: the same
/// 16.16 fixed-point sums, arithmetic shift, clamp to 0...255).
struct YUVVectorConverter {
  let yScale, yOffset, crToR, cbToG: SIMD8<Int32>
  let crToG, cbToB: SIMD8<Int32>

  init(_ c: YUVToRGBConverter) {
    yScale = SIMD8(repeating: c.yScale)
    yOffset = SIMD8(repeating: c.yOffset)
    crToR = SIMD8(repeating: c.crToR)
    cbToG = SIMD8(repeating: c.cbToG)
    crToG = SIMD8(repeating: c.crToG)
    cbToB = SIMD8(repeating: c.cbToB)
  }

  /// R, G, B of eight (Y, Cb, Cr) triples, each lane 0...255.
  @inline(__always)
  func rgb(
    y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>
  ) -> (SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>) {
    let l = luma(y)
    let u = cb &- SIMD8(repeating: 128)
    let v = cr &- SIMD8(repeating: 128)
    let r = (l &+ crToR &* v) &>> 16
    let gSum = l &- cbToG &* u &- crToG &* v
    let g = gSum &>> 16
    let b = (l &+ cbToB &* u) &>> 16
    return (Self.clamp8(r), Self.clamp8(g), Self.clamp8(b))
  }

  /// Transposes an 8×8 byte matrix held as eight little-endian rows (byte j of row r is
  /// element (r, j)): three rounds of masked swaps of 1-, 2- and 4-byte blocks.
  @inline(__always)
  static func transpose(_ m: inout [8 of UInt64]) {
    swapBlocks(&m, distance: 1, shift: 8, mask: 0x00FF_00FF_00FF_00FF)
    swapBlocks(&m, distance: 2, shift: 16, mask: 0x0000_FFFF_0000_FFFF)
    swapBlocks(&m, distance: 4, shift: 32, mask: 0x0000_0000_FFFF_FFFF)
  }

  @inline(__always)
  private static func swapBlocks(
    _ m: inout [8 of UInt64], distance: Int, shift: UInt64, mask: UInt64
  ) {
    for r in 0..<8 where r & distance == 0 {
      let a = m[r]
      let b = m[r + distance]
      let t = ((a >> shift) ^ b) & mask
      m[r + distance] = b ^ t
      m[r] = a ^ (t << shift)
    }
  }

  /// `yScale · (Y − yOffset) + 32768` per lane (Y in 0...255), exactly.
  @inline(__always)
  func luma(_ y: SIMD8<Int32>) -> SIMD8<Int32> {
    yScale &* (y &- yOffset) &+ SIMD8(repeating: 32768)
  }

  /// Each lane clamped to 0...255, as bytes.
  ///
  /// Written with sign masks and a byte gather rather than `clamped(lowerBound:upperBound:)`
  /// and `init(truncatingIfNeeded:)`: those stdlib generics are not always inlined and then
  /// run as calls on every eight pixels (DESIGN.md's SIMD rules).
  @inline(__always)
  static func clamp8(_ v: SIMD8<Int32>) -> SIMD8<UInt8> {
    let nonNegative = v & ~(v &>> 31)
    let over = (SIMD8<Int32>(repeating: 255) &- nonNegative) &>> 31
    let c = (nonNegative & ~over) | (SIMD8<Int32>(repeating: 255) & over)
    return SIMD8<UInt8>(
      UInt8(truncatingIfNeeded: c[0]), UInt8(truncatingIfNeeded: c[1]),
      UInt8(truncatingIfNeeded: c[2]), UInt8(truncatingIfNeeded: c[3]),
      UInt8(truncatingIfNeeded: c[4]), UInt8(truncatingIfNeeded: c[5]),
      UInt8(truncatingIfNeeded: c[6]), UInt8(truncatingIfNeeded: c[7]))
  }

  /// Eight bytes widened to 32-bit lanes (zero-extended), without the generic conversion.
  @inline(__always)
  static func widen(_ p: UnsafeRawPointer) -> SIMD8<Int32> {
    let w = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    return SIMD8<Int32>(
      Int32(truncatingIfNeeded: w & 0xFF), Int32(truncatingIfNeeded: (w >> 8) & 0xFF),
      Int32(truncatingIfNeeded: (w >> 16) & 0xFF), Int32(truncatingIfNeeded: (w >> 24) & 0xFF),
      Int32(truncatingIfNeeded: (w >> 32) & 0xFF), Int32(truncatingIfNeeded: (w >> 40) & 0xFF),
      Int32(truncatingIfNeeded: (w >> 48) & 0xFF), Int32(truncatingIfNeeded: w >> 56))
  }
}
