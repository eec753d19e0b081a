internal import OcellusKernels

/// libjpeg-turbo's portable C accurate integer inverse DCT (`jpeg_idct_islow`, jidctint.c, 8-bit
/// samples) as built on 64-bit Linux with SIMD support: `JLONG` is 64-bit, the workspace is
/// `int`, quantizers are `short`, and results go through the range-limit table with
/// `& RANGE_MASK` (see ``JPEGRangeLimitTable``).
///
/// It is what libjpeg-turbo runs without SIMD (e.g. `JSIMD_FORCENONE=1`). On every block a
/// valid JPEG can produce it equals ``JPEGIDCTReference`` (the x86-64 SIMD routine Pillow runs);
/// on corrupt coefficients (dequantized values beyond 16 bits, or outputs far out of range) the
/// two differ, and Ocellus follows the SIMD routine. Kept as the specification the tests
/// compare against on in-range blocks.
package enum JPEGIDCTPortable {
  private static let rangeLimit = JPEGRangeLimitTable()

  /// Dequantizes and inverse-transforms one block: 64 coefficients and 64 quantizers in natural
  /// order (missing entries count as 0); returns 64 samples, row-major.
  package static func transform(_ coefficients: [Int16], quantization: [UInt16]) -> [UInt8] {
    func dequantized(_ i: Int) -> Int {
      guard i < coefficients.count, i < quantization.count else { return 0 }
      return Int(coefficients[i]) * Int(Int16(bitPattern: quantization[i]))
    }
    // The `int` workspace keeps the low 32 bits of each descaled 64-bit (`JLONG`) value.
    func truncate32(_ x: Int) -> Int { Int(Int32(truncatingIfNeeded: x)) }
    // Pass 1, columns. The AC-zero shortcut of jidctint.c gives the same result as the
    // general case here.
    var workspace = [Int](repeating: 0, count: 64)
    for column in 0..<8 {
      let result = pass((0..<8).map { dequantized($0 * 8 + column) })
      for k in 0..<8 { workspace[k * 8 + column] = truncate32((result[k] + (1 << 10)) >> 11) }
    }
    // Pass 2, rows, through the range-limit table.
    var output = [UInt8](repeating: 0, count: 64)
    for row in 0..<8 {
      let result = pass(Array(workspace[(row * 8)..<(row * 8 + 8)]))
      for k in 0..<8 {
        output[row * 8 + k] = rangeLimit.idctSample(truncate32((result[k] + (1 << 17)) >> 18))
      }
    }
    return output
  }

  /// jidctint.c's 1-D pass over the 8 inputs `x` (in 64-bit arithmetic), not yet descaled.
  private static func pass(_ x: [Int]) -> [Int] {
    let c = JPEGIDCTConstants.self
    // Even part.
    var z2 = x[2]
    var z3 = x[6]
    var z1 = (z2 + z3) * Int(c.fix0p541196100)
    var tmp2 = z1 + z3 * -Int(c.fix1p847759065)
    var tmp3 = z1 + z2 * Int(c.fix0p765366865)
    z2 = x[0]
    z3 = x[4]
    var tmp0 = (z2 + z3) << 13
    var tmp1 = (z2 - z3) << 13
    let tmp10 = tmp0 + tmp3
    let tmp13 = tmp0 - tmp3
    let tmp11 = tmp1 + tmp2
    let tmp12 = tmp1 - tmp2
    // Odd part.
    tmp0 = x[7]
    tmp1 = x[5]
    tmp2 = x[3]
    tmp3 = x[1]
    z1 = tmp0 + tmp3
    z2 = tmp1 + tmp2
    z3 = tmp0 + tmp2
    var z4 = tmp1 + tmp3
    let z5 = (z3 + z4) * Int(c.fix1p175875602)
    tmp0 *= Int(c.fix0p298631336)
    tmp1 *= Int(c.fix2p053119869)
    tmp2 *= Int(c.fix3p072711026)
    tmp3 *= Int(c.fix1p501321110)
    z1 *= -Int(c.fix0p899976223)
    z2 *= -Int(c.fix2p562915447)
    z3 = z3 * -Int(c.fix1p961570560) + z5
    z4 = z4 * -Int(c.fix0p390180644) + z5
    tmp0 += z1 + z3
    tmp1 += z2 + z4
    tmp2 += z2 + z3
    tmp3 += z1 + z4
    return [
      tmp10 + tmp3, tmp11 + tmp2, tmp12 + tmp1, tmp13 + tmp0, tmp13 - tmp0, tmp12 - tmp1,
      tmp11 - tmp2, tmp10 - tmp3,
    ]
  }
}
