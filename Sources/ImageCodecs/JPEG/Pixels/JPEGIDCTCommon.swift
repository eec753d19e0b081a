/// What the three accurate integer ("islow") inverse DCTs share: jidctint.c's fixed-point
/// constants, the merged multipliers of libjpeg-turbo's SIMD routine, and the array form of a
/// block transform. Used by ``JPEGIDCT``, ``JPEGIDCTReference`` and ``JPEGIDCTPortable``.
enum JPEGIDCTCommon {
  // jidctint.c's FIX(x) = round(x × 2^13) (CONST_BITS 13; "p" stands for the decimal point).
  static let fix0p298631336: Int32 = 2446
  static let fix0p390180644: Int32 = 3196
  static let fix0p541196100: Int32 = 4433
  static let fix0p765366865: Int32 = 6270
  static let fix0p899976223: Int32 = 7373
  static let fix1p175875602: Int32 = 9633
  static let fix1p501321110: Int32 = 12299
  static let fix1p847759065: Int32 = 15137
  static let fix1p961570560: Int32 = 16069
  static let fix2p053119869: Int32 = 16819
  static let fix2p562915447: Int32 = 20995
  static let fix3p072711026: Int32 = 25172

  // The SIMD routine (jidctint-sse2.asm, -avx2.asm) multiplies pairs of inputs by these
  // merged constants (its PW_F130_F054, PW_F054_MF130, PW_MF078_F117, PW_F117_F078,
  // PW_MF060_MF089, PW_MF089_F060, PW_MF050_MF256 and PW_MF256_F050 words).

  /// FIX(0.541196100 + 0.765366865) = 10703.
  static let f130: Int32 = fix0p541196100 + fix0p765366865
  /// FIX(0.541196100) − FIX(1.847759065) = −10704.
  static let mf130: Int32 = fix0p541196100 - fix1p847759065
  /// FIX(1.175875602) − FIX(1.961570560) = −6436.
  static let mf078: Int32 = fix1p175875602 - fix1p961570560
  /// FIX(1.175875602) − FIX(0.390180644) = 6437.
  static let f078: Int32 = fix1p175875602 - fix0p390180644
  /// FIX(0.298631336) − FIX(0.899976223) = −4927.
  static let mf060: Int32 = fix0p298631336 - fix0p899976223
  /// FIX(1.501321110) − FIX(0.899976223) = 4926.
  static let f060: Int32 = fix1p501321110 - fix0p899976223
  /// FIX(2.053119869) − FIX(2.562915447) = −4176.
  static let mf050: Int32 = fix2p053119869 - fix2p562915447
  /// FIX(3.072711026) − FIX(2.562915447) = 4177.
  static let f050: Int32 = fix3p072711026 - fix2p562915447

  /// Runs a pointer-based block transform on one block given as arrays: `coefficients` and
  /// `quantization` hold 64 values in natural (row-major) order (missing entries count as 0);
  /// returns 64 samples, row-major, 0...255. `transform` receives the coefficients, the
  /// quantizers as 16-bit patterns, the output and the output's row stride (8).
  static func transform(
    _ coefficients: [Int16], quantization: [UInt16],
    with transform: (
      UnsafePointer<Int16>, UnsafePointer<Int16>, UnsafeMutablePointer<UInt8>, Int
    ) -> Void
  ) -> [UInt8] {
    var coef = [Int16](repeating: 0, count: 64)
    var quant = [Int16](repeating: 0, count: 64)
    for i in 0..<min(64, coefficients.count) { coef[i] = coefficients[i] }
    for i in 0..<min(64, quantization.count) { quant[i] = Int16(bitPattern: quantization[i]) }
    var output = [UInt8](repeating: 0, count: 64)
    coef.withUnsafeBufferPointer { c in
      quant.withUnsafeBufferPointer { q in
        output.withUnsafeMutableBufferPointer { o in
          transform(c.baseAddress!, q.baseAddress!, o.baseAddress!, 8)
        }
      }
    }
    return output
  }
}
