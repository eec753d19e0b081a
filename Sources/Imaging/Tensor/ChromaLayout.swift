/// Where a YUV 4:2:0 image keeps its chroma and how a pixel converts to R, G, B: NV12 (one
/// plane of Cb, Cr pairs), NV21 (Cr, Cb pairs) or I420 (separate Cb and Cr planes). Chroma
/// is nearest (each sample serves a 2 × 2 block of luma), as ``PixelImage/converted(to:)`` does.
struct ChromaLayout {
  /// The fixed-point conversion of the format's color space.
  let converter: YUVToRGBConverter
  /// Whether Cb and Cr are separate planes (I420).
  let triPlanar: Bool
  /// Byte offsets of Cb and Cr within an interleaved pair (unused for I420).
  let cbOffset, crOffset: Int

  /// The layout of `format` (one of the YUV formats) in color space `space`.
  init(format: PixelFormat, space: YUVColorSpace) {
    converter = YUVToRGBConverter(space)
    triPlanar = format == .i420(space)
    (cbOffset, crOffset) = format == .nv21(space) ? (1, 0) : (0, 1)
  }

  /// Stored pixel `x` of a row: `luma` is the row's luma, `cRow` its chroma row (the Cb row
  /// for I420) and `c2Row` the Cr row (I420 only).
  @inline(__always)
  func convert(
    luma: UnsafePointer<UInt8>, cRow: UnsafePointer<UInt8>, c2Row: UnsafePointer<UInt8>, x: Int
  ) -> (UInt8, UInt8, UInt8) {
    if triPlanar {
      return converter.rgb(y: luma[x], cb: cRow[x >> 1], cr: c2Row[x >> 1])
    }
    let c = (x >> 1) &* 2
    return converter.rgb(y: luma[x], cb: cRow[c &+ cbOffset], cr: cRow[c &+ crOffset])
  }

  /// The Cb and Cr of 8 neighbouring pixels starting at chroma column `c` (4 samples, each
  /// repeated for its two pixels).
  @inline(__always)
  func samplePairs(cRow: UnsafePointer<UInt8>, c2Row: UnsafePointer<UInt8>, chromaColumn c: Int)
    -> (cb: SIMD8<Int32>, cr: SIMD8<Int32>)
  {
    if triPlanar {
      return (Self.pairs(cRow + c, step: 1), Self.pairs(c2Row + c, step: 1))
    }
    return (
      Self.pairs(cRow + (2 &* c &+ cbOffset), step: 2),
      Self.pairs(cRow + (2 &* c &+ crOffset), step: 2)
    )
  }

  /// `p[0], p[0], p[step], p[step], …` for four samples: chroma shared by pixel pairs.
  @inline(__always)
  static func pairs(_ p: UnsafePointer<UInt8>, step: Int) -> SIMD8<Int32> {
    let a = Int32(p[0])
    let b = Int32(p[step])
    let c = Int32(p[2 &* step])
    let d = Int32(p[3 &* step])
    return SIMD8<Int32>(a, a, b, b, c, c, d, d)
  }
}
