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
public enum JPEGIDCTPortable {
  private static let rangeLimit = JPEGRangeLimitTable()

  /// Dequantizes and inverse-transforms one block: 64 coefficients and 64 quantizers in natural
  /// order (missing entries count as 0); returns 64 samples, row-major.
  public static func transform(_ coefficients: [Int16], quantization: [UInt16]) -> [UInt8] {
    let c0 = fix0p298631336
    let c1 = fix0p390180644
    let c2 = fix0p541196100
    let c3 = fix0p765366865
    let c4 = fix0p899976223
    let c5 = fix1p175875602
    let c6 = fix1p501321110
    let c7 = fix1p847759065
    let c8 = fix1p961570560
    let c9 = fix2p053119869
    let c10 = fix2p562915447
    let c11 = fix3p072711026
    func coefficient(_ i: Int) -> Int { i < coefficients.count ? Int(coefficients[i]) : 0 }
    func quantizer(_ i: Int) -> Int {
      i < quantization.count ? Int(Int16(bitPattern: quantization[i])) : 0
    }
    func truncate32(_ x: Int) -> Int { Int(Int32(truncatingIfNeeded: x)) }
    var workspace = [Int](repeating: 0, count: 64)
    for column in 0..<8 {
      // The AC-zero shortcut of jidctint.c gives the same result as the general case here.
      func dq(_ row: Int) -> Int { coefficient(row * 8 + column) * quantizer(row * 8 + column) }
      var z2 = dq(2)
      var z3 = dq(6)
      var z1 = (z2 + z3) * c2
      var tmp2 = z1 + z3 * -c7
      var tmp3 = z1 + z2 * c3
      z2 = dq(0)
      z3 = dq(4)
      var tmp0 = (z2 + z3) << 13
      var tmp1 = (z2 - z3) << 13
      let tmp10 = tmp0 + tmp3
      let tmp13 = tmp0 - tmp3
      let tmp11 = tmp1 + tmp2
      let tmp12 = tmp1 - tmp2
      tmp0 = dq(7)
      tmp1 = dq(5)
      tmp2 = dq(3)
      tmp3 = dq(1)
      z1 = tmp0 + tmp3
      z2 = tmp1 + tmp2
      z3 = tmp0 + tmp2
      var z4 = tmp1 + tmp3
      let z5 = (z3 + z4) * c5
      tmp0 *= c0
      tmp1 *= c9
      tmp2 *= c11
      tmp3 *= c6
      z1 *= -c4
      z2 *= -c10
      z3 = z3 * -c8 + z5
      z4 = z4 * -c1 + z5
      tmp0 += z1 + z3
      tmp1 += z2 + z4
      tmp2 += z2 + z3
      tmp3 += z1 + z4
      func descale(_ x: Int) -> Int { truncate32((x + (1 << 10)) >> 11) }
      workspace[0 * 8 + column] = descale(tmp10 + tmp3)
      workspace[7 * 8 + column] = descale(tmp10 - tmp3)
      workspace[1 * 8 + column] = descale(tmp11 + tmp2)
      workspace[6 * 8 + column] = descale(tmp11 - tmp2)
      workspace[2 * 8 + column] = descale(tmp12 + tmp1)
      workspace[5 * 8 + column] = descale(tmp12 - tmp1)
      workspace[3 * 8 + column] = descale(tmp13 + tmp0)
      workspace[4 * 8 + column] = descale(tmp13 - tmp0)
    }
    var output = [UInt8](repeating: 0, count: 64)
    for row in 0..<8 {
      let w = Array(workspace[(row * 8)..<(row * 8 + 8)])
      var z2 = w[2]
      var z3 = w[6]
      var z1 = (z2 + z3) * c2
      var tmp2 = z1 + z3 * -c7
      var tmp3 = z1 + z2 * c3
      var tmp0 = (w[0] + w[4]) << 13
      var tmp1 = (w[0] - w[4]) << 13
      let tmp10 = tmp0 + tmp3
      let tmp13 = tmp0 - tmp3
      let tmp11 = tmp1 + tmp2
      let tmp12 = tmp1 - tmp2
      tmp0 = w[7]
      tmp1 = w[5]
      tmp2 = w[3]
      tmp3 = w[1]
      z1 = tmp0 + tmp3
      z2 = tmp1 + tmp2
      z3 = tmp0 + tmp2
      var z4 = tmp1 + tmp3
      let z5 = (z3 + z4) * c5
      tmp0 *= c0
      tmp1 *= c9
      tmp2 *= c11
      tmp3 *= c6
      z1 *= -c4
      z2 *= -c10
      z3 = z3 * -c8 + z5
      z4 = z4 * -c1 + z5
      tmp0 += z1 + z3
      tmp1 += z2 + z4
      tmp2 += z2 + z3
      tmp3 += z1 + z4
      func sample(_ x: Int) -> UInt8 { rangeLimit.idctSample(truncate32((x + (1 << 17)) >> 18)) }
      output[row * 8 + 0] = sample(tmp10 + tmp3)
      output[row * 8 + 7] = sample(tmp10 - tmp3)
      output[row * 8 + 1] = sample(tmp11 + tmp2)
      output[row * 8 + 6] = sample(tmp11 - tmp2)
      output[row * 8 + 2] = sample(tmp12 + tmp1)
      output[row * 8 + 5] = sample(tmp12 - tmp1)
      output[row * 8 + 3] = sample(tmp13 + tmp0)
      output[row * 8 + 4] = sample(tmp13 - tmp0)
    }
    return output
  }

  // jidctint.c constants FIX(x) with CONST_BITS = 13 ("p" is the decimal point).
  static let fix0p298631336 = 2446
  static let fix0p390180644 = 3196
  static let fix0p541196100 = 4433
  static let fix0p765366865 = 6270
  static let fix0p899976223 = 7373
  static let fix1p175875602 = 9633
  static let fix1p501321110 = 12299
  static let fix1p847759065 = 15137
  static let fix1p961570560 = 16069
  static let fix2p053119869 = 16819
  static let fix2p562915447 = 20995
  static let fix3p072711026 = 25172
}
