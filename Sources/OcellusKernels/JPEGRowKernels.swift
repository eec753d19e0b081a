/// The vectorized upsampling row loops of the JPEG decoder's fast path (one output row of one
/// component a call; color conversion is ``JPEGColorRows``). Reached through
/// ``KernelTarget/jpegEntryPoints``; checked against ImageCodecs' `JPEGPixelPipelineReference`.
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
}
