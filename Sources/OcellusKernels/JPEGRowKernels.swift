/// The vectorized row loops of the fast path: upsampling one output row of one component and
/// converting one row of components to RGBA. Reached through ``KernelTarget/jpegEntryPoints``;
/// checked against ImageCodecs' `JPEGPixelPipelineReference`.
///
/// Memory contract (the caller, ImageCodecs' `JPEGPixelPipeline`, guarantees it): input rows have one
/// valid byte before index 0 and at least 40 readable bytes past their last sample, and for the
/// horizontal triangle filters `row[-1] == row[0]` and `row[width] == row[width - 1]`; output
/// rows may be written up to 64 bytes past the requested length.
enum JPEGRowKernels {
  typealias Bytes16 = SIMD16<UInt8>
  typealias Words16 = SIMD16<Int16>

  @inline(__always)
  static func load16(_ p: UnsafePointer<UInt8>, _ offset: Int) -> Words16 {
    JPEGLaneConversions.int16(UnsafeRawPointer(p + offset).loadUnaligned(as: Bytes16.self))
  }

  /// Stores `even` and `odd` (0...255 each) interleaved: 32 bytes at `p`.
  @inline(__always)
  static func storeInterleaved(_ even: Words16, _ odd: Words16, _ p: UnsafeMutablePointer<UInt8>) {
    let packed = JPEGLaneConversions.uint16(even) | (JPEGLaneConversions.uint16(odd) &<< 8)
    UnsafeMutableRawPointer(p).storeBytes(of: packed, as: SIMD16<UInt16>.self)
  }

  /// `h2v1_fancy_upsample` of one row of `width` samples (> 2) into `2 × width` outputs.
  static func h2v1Fancy(
    _ input: UnsafePointer<UInt8>, width: Int, _ output: UnsafeMutablePointer<UInt8>
  ) {
    var x = 0
    let one = Words16(repeating: 1)
    let two = Words16(repeating: 2)
    while x < width {
      let current = load16(input, x) &* 3
      let even = (current &+ load16(input, x &- 1) &+ one) &>> 2
      let odd = (current &+ load16(input, x &+ 1) &+ two) &>> 2
      storeInterleaved(even, odd, output + 2 &* x)
      x &+= 16
    }
  }

  /// `h2v2_fancy_upsample` for one output row: `near` is the nearer input row, `far` the row
  /// above (for the first output row of a pair) or below (second).
  ///
  /// Two passes: the column sums 3 × near + far of samples −1...width + 15 into a scratch row
  /// (each computed once, where a one-pass loop computes each three times), then the
  /// horizontal triangle filter on them.
  static func h2v2Fancy(
    near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>, width: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    // Sums for indexes -1 ..< end (end ≥ width + 16), 16 at a time; sums[i] at scratch[16 + i].
    let end = (width &+ 17 &+ 15) & ~15
    withUnsafeTemporaryAllocation(of: Int16.self, capacity: end &+ 32) { scratch in
      let sums = scratch.baseAddress! + 16
      let raw = UnsafeMutableRawPointer(sums)
      var i = -1
      while i < end {
        let sum = load16(near, i) &* 3 &+ load16(far, i)
        raw.storeBytes(of: sum, toByteOffset: i &* 2, as: Words16.self)
        i &+= 16
      }
      let seven = Words16(repeating: 7)
      let eight = Words16(repeating: 8)
      let sumsRaw = UnsafeRawPointer(sums)
      var x = 0
      while x < width {
        let current = sumsRaw.loadUnaligned(fromByteOffset: x &* 2, as: Words16.self)
        let previous = sumsRaw.loadUnaligned(fromByteOffset: (x &- 1) &* 2, as: Words16.self)
        let next = sumsRaw.loadUnaligned(fromByteOffset: (x &+ 1) &* 2, as: Words16.self)
        let c3 = current &* 3
        let even = (c3 &+ previous &+ eight) &>> 4
        let odd = (c3 &+ next &+ seven) &>> 4
        storeInterleaved(even, odd, output + 2 &* x)
        x &+= 16
      }
    }
  }

  /// `h1v2_fancy_upsample` for one output row: (3 × near + far + bias) >> 2, bias 1 when `far`
  /// is the row above, 2 when below.
  static func h1v2Fancy(
    near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>, bias: Int16, width: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    var x = 0
    let b = Words16(repeating: bias)
    while x < width {
      let value = (load16(near, x) &* 3 &+ load16(far, x) &+ b) &>> 2
      UnsafeMutableRawPointer(output + x).storeBytes(
        of: JPEGLaneConversions.uint8Truncating(value), as: Bytes16.self)
      x &+= 16
    }
  }

  /// Replication by `factor` horizontally (`int_upsample` / `h2v1_upsample` rows): `count`
  /// outputs.
  static func replicate(
    _ input: UnsafePointer<UInt8>, factor: Int, count: Int, _ output: UnsafeMutablePointer<UInt8>
  ) {
    if factor == 2 {
      var x = 0
      while x &* 2 < count {
        let v = JPEGLaneConversions.uint16(
          UnsafeRawPointer(input + x).loadUnaligned(as: Bytes16.self))
        UnsafeMutableRawPointer(output + 2 &* x).storeBytes(
          of: v | (v &<< 8), as: SIMD16<UInt16>.self)
        x &+= 16
      }
      return
    }
    var x = 0
    while x < count {
      output[x] = input[x / factor]
      x &+= 1
    }
  }

  // MARK: - Color conversion (16 pixels a step, 16-bit lanes)

  typealias Pair = SIMD16<UInt16>

  /// 16 samples at `p + offset` widened to 16-bit lanes.
  @inline(__always)
  static func samples(_ p: UnsafePointer<UInt8>, _ offset: Int) -> Words16 { load16(p, offset) }

  /// The high 16 bits of the 32-bit products `a × c` (`pmulhw`).
  @inline(__always)
  static func mulHigh(_ a: Words16, _ c: Int32) -> Words16 {
    let low = JPEGLaneConversions.int32(a.lowHalf) &* c
    let high = JPEGLaneConversions.int32(a.highHalf) &* c
    return Words16(
      lowHalf: JPEGLaneConversions.int16Truncating(low &>> 16),
      highHalf: JPEGLaneConversions.int16Truncating(high &>> 16))
  }

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
  /// (−FIX(0.71414) = −2^16 + 18734). Results clamped to 0...255 (`range_limit`).
  @inline(__always)
  static func ycc(_ y: Words16, _ cb: Words16, _ cr: Words16) -> (Words16, Words16, Words16) {
    let xb = cb &- 128
    let xr = cr &- 128
    let r = y &+ xr &+ ((mulHigh(xr &+ xr, 26345) &+ 1) &>> 1)
    let b = y &+ xb &+ xb &+ ((mulHigh(xb &+ xb, -14942) &+ 1) &>> 1)
    let gLow =
      (JPEGLaneConversions.int32(xb.lowHalf) &* -22554 &+ JPEGLaneConversions.int32(xr.lowHalf)
        &* 18734 &+ 32768) &>> 16
    let gHigh =
      (JPEGLaneConversions.int32(xb.highHalf) &* -22554 &+ JPEGLaneConversions.int32(xr.highHalf)
        &* 18734 &+ 32768) &>> 16
    let gTerm = Words16(
      lowHalf: JPEGLaneConversions.int16Truncating(gLow),
      highHalf: JPEGLaneConversions.int16Truncating(gHigh))
    let g = y &+ gTerm &- xr
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

  /// Stores 16 RGBA pixels (R, G, B each 0...255; A = 255): 64 bytes at `p`.
  @inline(__always)
  static func storeRGBA(_ r: Words16, _ g: Words16, _ b: Words16, _ p: UnsafeMutableRawPointer) {
    let rg = JPEGLaneConversions.uint16(r | (g &<< 8))
    let ba = JPEGLaneConversions.uint16(b | Words16(repeating: -256))
    p.storeBytes(of: JPEGLaneConversions.zip(rg.lowHalf, ba.lowHalf), as: Pair.self)
    p.storeBytes(
      of: JPEGLaneConversions.zip(rg.highHalf, ba.highHalf), toByteOffset: 32, as: Pair.self)
  }

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
      let (r, g, b) = ycc(samples(c.0, x), samples(c.1, x), samples(c.2, x))
      storeRGBA(r, g, b, out)
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
