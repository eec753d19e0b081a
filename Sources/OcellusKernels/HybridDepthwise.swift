/// The integer sums of TFLite's hybrid DEPTHWISE_CONV_2D, one output row at a time: for each
/// output pixel, each tap inside the image adds `w · (q − offset)` to every channel's Int32 sum
/// (channels contiguous, so the loop over them vectorizes in the AVX builds). The same wrapping
/// Int32 arithmetic as the reference loops, in the same order per channel.
enum HybridDepthwise {
  /// Writes the sums of output row `o.oy` (see ``HybridDepthwiseOperands``).
  @inline(never)
  static func row(_ o: HybridDepthwiseOperands) {
    for ox in 0..<o.outputWidth {
      let acc = o.sums + ox &* o.channels
      acc.update(repeating: 0, count: o.channels)
      for ky in 0..<o.filterHeight {
        let y = o.oy &* o.strideHeight &- o.padTop &+ ky &* o.dilationHeight
        guard y >= 0 && y < o.inputHeight else { continue }
        for kx in 0..<o.filterWidth {
          let x = ox &* o.strideWidth &- o.padLeft &+ kx &* o.dilationWidth
          guard x >= 0 && x < o.inputWidth else { continue }
          let pixel = o.image + (y &* o.inputWidth &+ x) &* o.depth
          let tap = o.weights + (ky &* o.filterWidth &+ kx) &* o.channels
          if o.multiplier == 1 {
            accumulate(acc, tap, pixel, o.offset, count: o.channels)
          } else {
            for c in 0..<o.channels {
              acc[c] &+= Int32(tap[c]) &* (Int32(pixel[c / o.multiplier]) &- o.offset)
            }
          }
        }
      }
    }
  }

  /// `acc[c] += tap[c] · (pixel[c] − offset)` for `count` channels.
  @inline(__always)
  static func accumulate(
    _ acc: UnsafeMutablePointer<Int32>, _ tap: UnsafePointer<Int8>, _ pixel: UnsafePointer<Int8>,
    _ offset: Int32, count: Int
  ) {
    for c in 0..<count {
      acc[c] &+= Int32(tap[c]) &* (Int32(pixel[c]) &- offset)
    }
  }
}
