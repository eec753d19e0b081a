/// The vectorized color-conversion row loops of the JPEG decoder's fast path: one row of
/// component samples to RGBA, 16 pixels a step in 16-bit lanes. Reached through
/// ``KernelTarget/jpegEntryPoints``; checked against ImageCodecs' `JPEGPixelPipelineReference`.
/// Inputs are readable 16 samples at a time past `width` (see ``JPEGRowKernels``).
enum JPEGColorRows {
  typealias Words16 = SIMD16<Int16>

  typealias Pair = SIMD16<UInt16>

  /// 16 samples at `p + offset` widened to 16-bit lanes.
  @inline(__always)
  static func samples(_ p: UnsafePointer<UInt8>, _ offset: Int) -> Words16 {
    JPEGRowKernels.load16(p, offset)
  }

  #if !(OCELLUS_AVX2 || OCELLUS_AVX512)
    // The x86 builds' versions of these three (and storeRGBA) are in JPEGColorRows+AVX2.swift.

    /// The high 16 bits of the 32-bit products `a × c` (`pmulhw`).
    @inline(__always)
    static func mulHigh(_ a: Words16, _ c: Int16) -> Words16 {
      let low = JPEGLaneConversions.int32(a.lowHalf) &* Int32(c)
      let high = JPEGLaneConversions.int32(a.highHalf) &* Int32(c)
      return Words16(
        lowHalf: JPEGLaneConversions.int16Truncating(low &>> 16),
        highHalf: JPEGLaneConversions.int16Truncating(high &>> 16))
    }

    /// jdcolor.c's Cb, Cr → G term from the samples `cb`, `cr` (0...255):
    /// (−22554 × (cb − 128) + 18734 × (cr − 128) + 2^15) >> 16.
    @inline(__always)
    static func greenTerm(cb: Words16, cr: Words16) -> Words16 {
      @inline(__always) func half(_ b: SIMD8<Int16>, _ r: SIMD8<Int16>) -> SIMD8<Int16> {
        let xb = JPEGLaneConversions.int32(b) &- 128
        let xr = JPEGLaneConversions.int32(r) &- 128
        return JPEGLaneConversions.int16Truncating((xb &* -22554 &+ xr &* 18734 &+ 32768) &>> 16)
      }
      return Words16(
        lowHalf: half(cb.lowHalf, cr.lowHalf), highHalf: half(cb.highHalf, cr.highHalf))
    }

    /// Stores 16 RGBA pixels from R, G, B (|v| < 2^14, clamped to 0...255 here; A = 255).
    @inline(__always)
    static func storeClampedRGBA(
      _ r: Words16, _ g: Words16, _ b: Words16, _ p: UnsafeMutableRawPointer
    ) {
      storeRGBA(clamp255(r), clamp255(g), clamp255(b), p)
    }
  #endif

  /// `v` clamped to 0...255 without branches (|v| < 2^14).
  @inline(__always)
  static func clamp255(_ v: Words16) -> Words16 {
    let above = v &- 255
    let atMost = 255 &+ (above & (above &>> 15))
    return atMost & ~(atMost &>> 15)
  }

  /// jdcolor.c `ycc_rgb_convert` for 16 pixels, the table entries computed exactly in place:
  /// Cr → R = x + ((x × 26345 + 2^15) >> 16) (FIX(1.402) = 2^16 + 26345), Cb → B =
  /// 2x + ((x × −14942 + 2^15) >> 16) (FIX(1.772) = 2^17 − 14942), each rounded term as
  /// ((mulhigh(2x, c) + 1) >> 1); G = y + ((−22554 × xb + 18734 × xr + 2^15) >> 16) − xr
  /// (−FIX(0.71414) = −2^16 + 18734). Results not yet clamped (−300 < v < 560).
  @inline(__always)
  static func yccUnclamped(_ y: Words16, _ cb: Words16, _ cr: Words16) -> (
    Words16, Words16, Words16
  ) {
    let xb = cb &- 128
    let xr = cr &- 128
    let r = y &+ xr &+ ((mulHigh(xr &+ xr, 26345) &+ 1) &>> 1)
    let b = y &+ xb &+ xb &+ ((mulHigh(xb &+ xb, -14942) &+ 1) &>> 1)
    let g = y &+ greenTerm(cb: cb, cr: cr) &- xr
    return (r, g, b)
  }

  /// ``yccUnclamped(_:_:_:)`` clamped to 0...255 (`range_limit`).
  @inline(__always)
  static func ycc(_ y: Words16, _ cb: Words16, _ cr: Words16) -> (Words16, Words16, Words16) {
    let (r, g, b) = yccUnclamped(y, cb, cr)
    return (clamp255(r), clamp255(g), clamp255(b))
  }

  /// Pillow's MULDIV255(a, b) = (t + (t >> 8)) >> 8 with t = a × b + 128, for a, b in 0...255.
  @inline(__always)
  static func mulDiv255(_ a: Pair, _ b: Pair) -> Pair {
    let t = a &* b &+ 128
    return ((t &>> 8) &+ t) &>> 8
  }

  /// Pillow `cmyk2rgb` after "CMYK;I": k − MULDIV255(inverse, k) for one channel, where
  /// `inverse` is 255 − the libjpeg C/M/Y sample.
  @inline(__always)
  static func pillowChannel(_ inverse: Words16, _ k: Words16) -> Words16 {
    let kk = JPEGLaneConversions.uint16(k)
    let result = kk &- mulDiv255(JPEGLaneConversions.uint16(inverse), kk)
    return JPEGLaneConversions.int16(result)
  }

  #if !(OCELLUS_AVX2 || OCELLUS_AVX512)
    /// Stores 16 RGBA pixels (R, G, B each 0...255; A = 255): 64 bytes at `p`.
    @inline(__always)
    static func storeRGBA(_ r: Words16, _ g: Words16, _ b: Words16, _ p: UnsafeMutableRawPointer) {
      let rg = JPEGLaneConversions.uint16(r | (g &<< 8))
      let ba = JPEGLaneConversions.uint16(b | Words16(repeating: -256))
      p.storeBytes(of: JPEGLaneConversions.zip(rg.lowHalf, ba.lowHalf), as: Pair.self)
      p.storeBytes(
        of: JPEGLaneConversions.zip(rg.highHalf, ba.highHalf), toByteOffset: 32, as: Pair.self)
    }
  #endif

  /// The component rows a color conversion reads (unused ones may repeat the first).
  typealias ComponentRows = (
    UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>
  )

  /// Grayscale: `width` pixels of row `c.0` to RGBA at `output` (exactly `4 × width` bytes).
  static func convertGrayscale(
    _ c: ComponentRows, width: Int, _ output: UnsafeMutablePointer<UInt8>
  ) {
    convertLoop(width, output) { x, out in
      let v = samples(c.0, x)
      storeRGBA(v, v, v, out)
    }
  }

  /// RGB copied: `width` pixels of rows `c.0...c.2` to RGBA at `output`.
  static func convertRGB(_ c: ComponentRows, width: Int, _ output: UnsafeMutablePointer<UInt8>) {
    convertLoop(width, output) { x, out in
      storeRGBA(samples(c.0, x), samples(c.1, x), samples(c.2, x), out)
    }
  }

  /// YCbCr (`ycc_rgb_convert`): `width` pixels of rows `c.0...c.2` to RGBA at `output`.
  static func convertYCbCr(_ c: ComponentRows, width: Int, _ output: UnsafeMutablePointer<UInt8>) {
    convertLoop(width, output) { x, out in
      let (r, g, b) = yccUnclamped(samples(c.0, x), samples(c.1, x), samples(c.2, x))
      storeClampedRGBA(r, g, b, out)
    }
  }

  /// Adobe CMYK through Pillow's `cmyk2rgb`: `width` pixels of rows `c.0...c.3` to RGBA.
  static func convertCMYK(_ c: ComponentRows, width: Int, _ output: UnsafeMutablePointer<UInt8>) {
    convertLoop(width, output) { x, out in
      let k = samples(c.3, x)
      let full = Words16(repeating: 255)
      storeRGBA(
        pillowChannel(full &- samples(c.0, x), k), pillowChannel(full &- samples(c.1, x), k),
        pillowChannel(full &- samples(c.2, x), k), out)
    }
  }

  /// YCCK → CMYK (`ycck_cmyk_convert`) then as ``convertCMYK(_:width:_:)``.
  static func convertYCCK(_ c: ComponentRows, width: Int, _ output: UnsafeMutablePointer<UInt8>) {
    convertLoop(width, output) { x, out in
      // ycck_cmyk_convert gives C = 255 − clamp(R); Pillow inverts it back to clamp(R).
      let (r, g, b) = ycc(samples(c.0, x), samples(c.1, x), samples(c.2, x))
      let k = samples(c.3, x)
      storeRGBA(pillowChannel(r, k), pillowChannel(g, k), pillowChannel(b, k), out)
    }
  }

  /// Runs `pixels(x, destination)` for x = 0, 16, 32, …; the last partial group is written to a
  /// temporary and copied so that exactly `4 × width` bytes reach `output`.
  @inline(__always)
  static func convertLoop(
    _ width: Int, _ output: UnsafeMutablePointer<UInt8>,
    _ pixels: (Int, UnsafeMutableRawPointer) -> Void
  ) {
    var x = 0
    while x &+ 16 <= width {
      pixels(x, UnsafeMutableRawPointer(output + x &* 4))
      x &+= 16
    }
    if x < width {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { temporary in
        let base = temporary.baseAddress!
        pixels(x, UnsafeMutableRawPointer(base))
        (output + x &* 4).update(from: base, count: (width &- x) &* 4)
      }
    }
  }
}
