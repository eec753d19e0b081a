/// The filter taps of one axis of a resize, as Pillow's `precompute_coeffs` and
/// `normalize_coeffs_8bpc` make them: for each output index, the first source index and
/// `taps` fixed-point weights with ``precisionBits`` fractional bits (unused taps are 0).
struct ResamplingAxis: Sendable {
  /// Absolute source index of each output's first tap.
  var first: [Int]
  /// How many taps each output uses (≥ 1; weights past it are 0).
  var count: [Int]
  /// `outputCount × taps` weights, row by row, each 0...2^precisionBits.
  var weights: [Int32]
  /// Weights stored per output (the largest `count`).
  var taps: Int

  /// Fractional bits of the weights: Pillow's `PRECISION_BITS` (32 − 8 − 2).
  static let precisionBits = 22

  var outputCount: Int { first.count }

  /// The smallest source index any output reads.
  var sourceLow: Int { first.min() ?? 0 }
  /// One past the largest source index any output reads.
  var sourceHigh: Int {
    var high = 0
    for i in 0..<first.count { high = max(high, first[i] + count[i]) }
    return high
  }

  /// Taps resampling source indices `sourceStart ..< sourceStart + sourceCount` to
  /// `outputCount` outputs (both ≥ 1, at most ``PixelImage/maxDimension``).
  ///
  /// For `.bilinear` the real weights are Pillow's: scale `S / n`, support
  /// `max(scale, 1)`, center `(i + 0.5)·scale`, taps `Int(center − support + 0.5)` (≥ 0) up
  /// to `Int(center + support + 0.5)` (≤ S), weight `tent((j − center + 0.5)·(1 / support))`,
  /// each divided by their sum. The other filters make their real weights as documented on
  /// ``ResamplingFilter`` and are normalized the same way. Every real weight w then becomes
  /// `Int(w · 2^22 + 0.5)`.
  init(sourceStart: Int, sourceCount: Int, outputCount: Int, filter: ResamplingFilter) {
    let scale = Double(sourceCount) / Double(outputCount)
    let useSampling: Bool
    switch filter {
    case .bilinear: useSampling = false
    case .bilinearSampling: useSampling = true
    case .area: useSampling = scale <= 2
    }
    let filterScale = max(scale, 1)
    // Pillow's ksize: 2·⌈support⌉ + 1 (the box needs ⌈scale⌉ + 1, sampling 2).
    let bound = min(sourceCount, Int(filterScale.rounded(.up)) * 2 + 1)
    let stored = max(bound, 2)
    var raw = [Double](repeating: 0, count: stored)
    var q = [Int32](repeating: 0, count: stored)
    var firsts = [Int](repeating: 0, count: outputCount)
    var counts = [Int](repeating: 0, count: outputCount)
    var flat = [Int32](repeating: 0, count: outputCount * stored)
    var maxTaps = 1
    let one = Double(1 << Self.precisionBits)
    for i in 0..<outputCount {
      let (start, rawCount) = Self.rawWeights(
        output: i, scale: scale, filterScale: filterScale, sourceCount: sourceCount,
        stored: stored, filter: filter, useSampling: useSampling, into: &raw)
      let n = max(rawCount, 1)
      Self.quantize(raw, count: n, one: one, into: &q)
      // Trim zero weights at both ends (they add nothing).
      var lo = 0
      var hi = n
      while lo < hi - 1 && q[lo] == 0 { lo += 1 }
      while hi > lo + 1 && q[hi - 1] == 0 { hi -= 1 }
      firsts[i] = sourceStart + start + lo
      counts[i] = hi - lo
      for k in lo..<hi { flat[i * stored + k - lo] = q[k] }
      maxTaps = max(maxTaps, hi - lo)
    }
    if maxTaps < stored {
      var packed = [Int32](repeating: 0, count: outputCount * maxTaps)
      for i in 0..<outputCount {
        for k in 0..<counts[i] { packed[i * maxTaps + k] = flat[i * stored + k] }
      }
      flat = packed
    }
    self.first = firsts
    self.count = counts
    self.weights = flat
    self.taps = maxTaps
  }

  /// Writes output `i`'s real weights to `raw[0..<n]` and returns its first source index
  /// (relative to `sourceStart`) and `n`.
  private static func rawWeights(
    output i: Int, scale: Double, filterScale: Double, sourceCount: Int, stored: Int,
    filter: ResamplingFilter, useSampling: Bool, into raw: inout [Double]
  ) -> (start: Int, n: Int) {
    let center = (Double(i) + 0.5) * scale
    var start = 0
    var n = 0
    if useSampling {
      let src = min(max(center - 0.5, 0), Double(sourceCount - 1))
      let j0 = Int(src)  // src ≥ 0, so truncation is floor
      let f = src - Double(j0)
      start = j0
      n = j0 + 1 < sourceCount && f > 0 ? 2 : 1
      raw[0] = n == 2 ? 1 - f : 1
      raw[1] = n == 2 ? f : 0
    } else if filter == .area {
      let a = Double(i) * scale
      let b = min(Double(i + 1) * scale, Double(sourceCount))
      start = min(Int(a), sourceCount - 1)
      var j = start
      while j < sourceCount && Double(j) < b && n < stored {
        raw[n] = max(0, min(b, Double(j + 1)) - max(a, Double(j)))
        n += 1
        j += 1
      }
    } else {
      // Pillow's precompute_coeffs with the BILINEAR filter (support 1).
      let support = filterScale
      let reciprocal = 1.0 / filterScale
      let low = max(Int(center - support + 0.5), 0)
      let high = min(Int(center + support + 0.5), sourceCount)
      start = min(low, sourceCount - 1)
      var j = start
      while j < high && n < stored {
        var x = (Double(j) - center + 0.5) * reciprocal
        if x < 0 { x = -x }
        raw[n] = x < 1 ? 1 - x : 0
        n += 1
        j += 1
      }
    }
    return (start, n)
  }

  /// Writes the fixed-point weights of `raw[0..<n]`, divided by their sum, to `q[0..<n]` (all
  /// on the first tap when they sum to 0).
  private static func quantize(_ raw: [Double], count n: Int, one: Double, into q: inout [Int32]) {
    var total = 0.0
    for k in 0..<n { total += raw[k] }
    if total != 0 {
      for k in 0..<n {
        let w = raw[k] / total
        q[k] = Int32(w < 0 ? -0.5 + w * one : 0.5 + w * one)
      }
    } else {
      q[0] = Int32(1 << Self.precisionBits)
      for k in 1..<max(n, 1) { q[k] = 0 }
    }
  }
}
