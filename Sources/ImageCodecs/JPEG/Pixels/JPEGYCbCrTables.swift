/// jdcolor.c's YCbCr → RGB tables (`build_ycc_rgb_table`, 8-bit, SCALEBITS 16), for the scalar
/// reference path.
package struct JPEGYCbCrTables: Sendable {
  /// Cr → R offset: round(1.40200 × (Cr − 128)).
  package let crToRed: [Int32]
  /// Cb → B offset: round(1.77200 × (Cb − 128)).
  package let cbToBlue: [Int32]
  /// Cr → G term, scaled by 2^16: −FIX(0.71414) × (Cr − 128).
  package let crToGreen: [Int32]
  /// Cb → G term, scaled by 2^16, with ONE_HALF added: −FIX(0.34414) × (Cb − 128) + 2^15.
  package let cbToGreen: [Int32]

  /// Builds the tables.
  package init() {
    func fix(_ x: Double) -> Int { Int(x * 65536 + 0.5) }
    var r = [Int32](repeating: 0, count: 256)
    var b = r
    var rg = r
    var bg = r
    for i in 0..<256 {
      let x = i - 128
      r[i] = Int32((fix(1.40200) * x + 32768) >> 16)
      b[i] = Int32((fix(1.77200) * x + 32768) >> 16)
      rg[i] = Int32(-fix(0.71414) * x)
      bg[i] = Int32(-fix(0.34414) * x + 32768)
    }
    crToRed = r
    cbToBlue = b
    crToGreen = rg
    cbToGreen = bg
  }
}
