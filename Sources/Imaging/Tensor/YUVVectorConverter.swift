/// ``YUVToRGBConverter``'s equations on eight pixels at once (identical results: the same
/// 16.16 fixed-point sums, arithmetic shift, clamp to 0...255).
struct YUVVectorConverter {
  let yScale: SIMD8<Int32>
  /// `yScale − 65536` as a 16-bit factor when it fits (video range: 10773, full: 0), so the
  /// luma product is `(Y′ << 16) + Y′·rest` with a cheap 16-bit multiply; nil otherwise.
  let yRest: SIMD8<Int16>?
  let yOffset: SIMD8<Int32>
  let crToR: SIMD8<Int32>
  let cbToG: SIMD8<Int32>
  let crToG: SIMD8<Int32>
  let cbToB: SIMD8<Int32>

  init(_ c: YUVToRGBConverter) {
    yScale = SIMD8(repeating: c.yScale)
    let rest = c.yScale - 65536
    yRest =
      Int32(Int16.min)...Int32(Int16.max) ~= rest
      ? SIMD8(repeating: Int16(truncatingIfNeeded: rest)) : nil
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
    let centered = y &- yOffset
    guard let rest = yRest else { return yScale &* centered &+ SIMD8(repeating: 32768) }
    // |Y′| < 2^8 and |rest| < 2^15: the 16-bit product is exact in 32 bits.
    let product =
      SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: centered))
      &* SIMD8<Int32>(truncatingIfNeeded: rest)
    return (centered &<< 16) &+ product &+ SIMD8(repeating: 32768)
  }

  /// Each lane clamped to 0...255, as bytes.
  @inline(__always)
  static func clamp8(_ v: SIMD8<Int32>) -> SIMD8<UInt8> {
    // The shifted sums stay within ±2^10 for every YUVColorSpace, so 16-bit lanes hold them.
    let narrow = SIMD8<Int16>(truncatingIfNeeded: v)
    let clamped = narrow.clamped(
      lowerBound: SIMD8<Int16>(repeating: 0), upperBound: SIMD8<Int16>(repeating: 255))
    return SIMD8<UInt8>(truncatingIfNeeded: clamped)
  }
}
