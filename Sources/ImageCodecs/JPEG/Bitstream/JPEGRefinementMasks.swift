/// Tables that let an AC refinement scan find a block's nonzero coefficients in a band with a
/// few vector compares instead of testing the band's coefficients one by one: for each zigzag
/// index k, the natural positions of zigzag indexes k...63 as a 64-bit mask, and for each
/// natural position its zigzag index. Owns its buffers until ``deallocate()``.
package struct JPEGRefinementMasks {
  /// 65 masks: bit p of `suffix[k]` is set when natural position p has zigzag index ≥ k.
  let suffix: UnsafeMutablePointer<UInt64>
  /// 64 entries: the zigzag index of each natural position.
  let zigzag: UnsafeMutablePointer<UInt8>

  /// The tables for the JPEG zigzag order.
  package init() {
    suffix = .allocate(capacity: 65)
    zigzag = .allocate(capacity: 64)
    suffix[64] = 0
    for k in stride(from: 63, through: 0, by: -1) {
      let position = Int(JPEGScanDecoder.naturalOrder[k])
      suffix[k] = suffix[k + 1] | 1 << UInt64(position)
      zigzag[position] = UInt8(k)
    }
  }

  /// Frees the tables.
  package func deallocate() {
    suffix.deallocate()
    zigzag.deallocate()
  }

  /// The zigzag indexes k...end (end ≤ 63) whose coefficient in `block` is nonzero, as a mask
  /// in zigzag order (bit k for index k).
  @inline(__always)
  package func nonzero(_ block: UnsafePointer<Int16>, from k: Int, through end: Int) -> UInt64 {
    var natural = Self.nonzeroNatural(block) & suffix[k] & ~suffix[end &+ 1]
    var ordered: UInt64 = 0
    while natural != 0 {
      ordered |= 1 &<< UInt64(zigzag[natural.trailingZeroBitCount])
      natural &= natural &- 1
    }
    return ordered
  }

  /// Bit p set when natural position p of `block` is nonzero: per row, each lane's
  /// nonzero flag (v | −v has its sign bit set exactly when v ≠ 0) as a 0/1 byte, the 8 bytes
  /// gathered into 8 bits by one multiplication.
  @inline(__always)
  static func nonzeroNatural(_ block: UnsafePointer<Int16>) -> UInt64 {
    let raw = UnsafeRawPointer(block)
    let zero = SIMD8<Int16>(repeating: 0)
    let one = SIMD8<Int16>(repeating: 1)
    var mask: UInt64 = 0
    for row in 0..<8 {
      let values = raw.loadUnaligned(fromByteOffset: row &* 16, as: SIMD8<Int16>.self)
      let flags = ((values | (zero &- values)) &>> 15) & one
      let bytes = unsafeBitCast(lowBytes(flags), to: UInt64.self)
      mask |= ((bytes &* 0x0102_0408_1020_4080) &>> 56) &<< UInt64(row &* 8)
    }
    return mask
  }

  /// The low byte of every lane, written lane by lane so it inlines (a few pack instructions).
  @inline(__always)
  private static func lowBytes(_ v: SIMD8<Int16>) -> SIMD8<UInt8> {
    SIMD8(
      UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
      UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
      UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
      UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
  }
}
