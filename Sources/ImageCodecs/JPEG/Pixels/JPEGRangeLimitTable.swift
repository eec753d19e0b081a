/// libjpeg's `sample_range_limit` table for 8-bit samples, built as `prepare_range_limit_table`
/// (jdmaster.c) builds it, for the scalar reference paths.
///
/// Layout (index 0 here is libjpeg's `table - (MAXJSAMPLE + 1)`): 256 zeros, 0...255, then the
/// post-IDCT part: 384 × 255, 384 × 0, 0...127. ``sample(_:)`` is `sample_range_limit[x]`
/// (a clamp for −256...639); ``idctSample(_:)`` is `IDCT_range_limit[x & RANGE_MASK]`, which for a
/// descaled IDCT output `x` gives `x + 128` clamped to 0...255 when −384 ≤ x < 384 and wraps
/// (modulo 1024) beyond, as libjpeg's C IDCT does with corrupt coefficients.
package struct JPEGRangeLimitTable: Sendable {
  /// The table: 5 × 256 + 128 bytes.
  package let table: [UInt8]

  /// Builds the table.
  package init() {
    var table = [UInt8](repeating: 0, count: 5 * 256 + 128)
    for i in 0..<256 { table[256 + i] = UInt8(i) }
    // table + 256 + 128 is where the post-IDCT table starts.
    let post = 256 + 128
    for i in 128..<512 { table[post + i] = 255 }
    // table[post + 512 ..< post + 896] stays 0.
    for i in 0..<128 { table[post + 896 + i] = UInt8(i) }
    self.table = table
  }

  /// `sample_range_limit[x]`: `x` clamped to 0...255, for −256 ≤ x < 640 (others clamp too).
  package func sample(_ x: Int) -> UInt8 {
    table[min(max(x, -256), 639) + 256]
  }

  /// `IDCT_range_limit[x & RANGE_MASK]` with RANGE_MASK = 1023: the sample libjpeg's C IDCT
  /// stores for the descaled value `x`.
  package func idctSample(_ x: Int) -> UInt8 {
    table[256 + 128 + (x & 1023)]
  }
}
