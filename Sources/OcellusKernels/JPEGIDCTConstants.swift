/// jidctint.c's fixed-point constants for the accurate integer ("islow") inverse DCT, and the
/// merged multipliers of libjpeg-turbo's SIMD routine: shared by the kernels' vectorized IDCT
/// (`JPEGIDCT`) and ImageCodecs' scalar references (`JPEGIDCTReference`, `JPEGIDCTPortable`).
public enum JPEGIDCTConstants {
  // jidctint.c's FIX(x) = round(x × 2^13) (CONST_BITS 13; "p" stands for the decimal point).
  public static let fix0p298631336: Int32 = 2446
  public static let fix0p390180644: Int32 = 3196
  public static let fix0p541196100: Int32 = 4433
  public static let fix0p765366865: Int32 = 6270
  public static let fix0p899976223: Int32 = 7373
  public static let fix1p175875602: Int32 = 9633
  public static let fix1p501321110: Int32 = 12299
  public static let fix1p847759065: Int32 = 15137
  public static let fix1p961570560: Int32 = 16069
  public static let fix2p053119869: Int32 = 16819
  public static let fix2p562915447: Int32 = 20995
  public static let fix3p072711026: Int32 = 25172

  // The SIMD routine (jidctint-sse2.asm, -avx2.asm) multiplies pairs of inputs by these
  // merged constants (its PW_F130_F054, PW_F054_MF130, PW_MF078_F117, PW_F117_F078,
  // PW_MF060_MF089, PW_MF089_F060, PW_MF050_MF256 and PW_MF256_F050 words).

  /// FIX(0.541196100 + 0.765366865) = 10703.
  public static let f130: Int32 = fix0p541196100 + fix0p765366865
  /// FIX(0.541196100) − FIX(1.847759065) = −10704.
  public static let mf130: Int32 = fix0p541196100 - fix1p847759065
  /// FIX(1.175875602) − FIX(1.961570560) = −6436.
  public static let mf078: Int32 = fix1p175875602 - fix1p961570560
  /// FIX(1.175875602) − FIX(0.390180644) = 6437.
  public static let f078: Int32 = fix1p175875602 - fix0p390180644
  /// FIX(0.298631336) − FIX(0.899976223) = −4927.
  public static let mf060: Int32 = fix0p298631336 - fix0p899976223
  /// FIX(1.501321110) − FIX(0.899976223) = 4926.
  public static let f060: Int32 = fix1p501321110 - fix0p899976223
  /// FIX(2.053119869) − FIX(2.562915447) = −4176.
  public static let mf050: Int32 = fix2p053119869 - fix2p562915447
  /// FIX(3.072711026) − FIX(2.562915447) = 4177.
  public static let f050: Int32 = fix3p072711026 - fix2p562915447
}
