/// The taps of one axis of the camera-frame resampler (``TensorPacker/packFrame(image:orientation:crop:fit:spec:filter:maxBytes:)``):
/// for each output, the first source index, how many taps, and integer weights summing to
/// exactly `2^bits`.
///
/// Coordinates are continuous source coordinates of one plane (pixel j covers `[j, j + 1)`,
/// centre `j + 0.5`). The region resampled is `[start, end)` (it may be fractional: chroma
/// planes see the luma region halved); output i of n is centred on
/// `c = start + (i + 0.5) · scale` with `scale = (end − start) / n`.
///
/// Real weights per filter:
/// - `.bilinear`: Pillow's support-scaled triangle, `max(0, 1 − |j + 0.5 − c| / s)` with
///   `s = max(scale, 1)`, over `j` in `⌊c − s + 0.5⌋ ..< ⌊c + s + 0.5⌋`: plain bilinear
///   when enlarging, an antialiasing tent as wide as the output footprint when shrinking.
/// - `.bilinearSampling`: the same triangle with `s = 1` at every scale (aliases when
///   shrinking by more than 2×).
/// - `.area`: when shrinking (`scale > 1`) the coverage of pixel j by the footprint
///   `[c − scale/2, c + scale/2)`; when enlarging, the `.bilinear` triangle.
///
/// Taps are limited to the pixels `⌊start⌋ ..< ⌈end⌉` of the plane (and to `0..<size`). The
/// weights are divided by their sum and quantized by cumulative rounding,
/// `w_k = round(2^bits · C_k) − round(2^bits · C_{k−1})` with `C_k` the running sum of the
/// normalized weights, so they sum to exactly `2^bits` and every partial sum is within
/// `2^−bits / 2` of the real one (the error of a filtered value is at most
/// `2^−bits / 2 × Σ |p_{k+1} − p_k|`, tiny on smooth pictures). Zero weights at either end
/// are dropped.
struct FrameFilterAxis: Sendable {
  /// Source index of each output's first tap, relative to ``spanStart``.
  var offsets: [Int]
  /// Taps of each output (≥ 1).
  var counts: [Int]
  /// `outputCount × lanes` weights, output by output, zero past each output's count.
  var weights: [Int16]
  /// Weights stored per output: the largest count rounded up to a multiple of `laneMultiple`.
  var lanes: Int
  /// The first source index any output reads.
  var spanStart: Int
  /// Source indices read: every tap lies in `spanStart ..< spanStart + spanCount`.
  var spanCount: Int

  /// The number of outputs.
  var outputCount: Int { counts.count }

  /// Taps for `outputCount` outputs over `[start, end)` of a plane axis of `size` pixels.
  ///
  /// - Parameters:
  ///   - start: region start in plane pixels, `0 ≤ start < end ≤ size`.
  ///   - end: region end (exclusive).
  ///   - size: pixels along this axis of the plane (≥ 1).
  ///   - outputCount: outputs (≥ 1).
  ///   - filter: which real weights (see the type's documentation).
  ///   - bits: weight precision: the weights of every output sum to `2^bits` (1...14).
  ///   - laneMultiple: ``lanes`` is a multiple of this (≥ 1).
  init(
    start: Double, end: Double, size: Int, outputCount: Int, filter: ResamplingFilter, bits: Int,
    laneMultiple: Int
  ) {
    let n = max(outputCount, 1)
    let scale = (end - start) / Double(n)
    let useBox = filter == .area && scale > 1
    let support = filter == .bilinearSampling ? 1 : max(scale, 1)
    let clipLow = max(0, min(size - 1, Int(start.rounded(.down))))
    let clipHigh = max(clipLow + 1, min(size, Int(end.rounded(.up))))
    let total = Double(1 << bits)
    // Taps an output can have: the filter's width in pixels plus the partly covered ends.
    let width = useBox ? scale : 2 * support
    let bound = max(2, min(clipHigh - clipLow, Int(width.rounded(.up)) + 3))
    var firsts = [Int](repeating: 0, count: n)
    var counts = [Int](repeating: 1, count: n)
    var flat = [Int16](repeating: 0, count: n * bound)
    var raw = [Double](repeating: 0, count: bound)
    var quantized = [Int16](repeating: 0, count: bound)
    var maxCount = 1
    for i in 0..<n {
      let centre = start + (Double(i) + 0.5) * scale
      let (low, taps, sum) = Self.rawWeights(
        centre: centre, start: start, end: end, scale: scale, support: support, useBox: useBox,
        clipLow: clipLow, clipHigh: clipHigh, bound: bound, into: &raw)
      Self.quantize(raw, taps: taps, sum: sum, total: total, into: &quantized)
      var lo = 0
      var hi = taps
      while lo < hi - 1 && quantized[lo] == 0 { lo += 1 }
      while hi > lo + 1 && quantized[hi - 1] == 0 { hi -= 1 }
      firsts[i] = low + lo
      counts[i] = hi - lo
      for k in lo..<hi { flat[i * bound + k - lo] = quantized[k] }
      maxCount = max(maxCount, hi - lo)
    }
    let multiple = max(laneMultiple, 1)
    let lanes = (maxCount + multiple - 1) / multiple * multiple
    var packed = [Int16](repeating: 0, count: n * lanes)
    for i in 0..<n {
      for k in 0..<counts[i] { packed[i * lanes + k] = flat[i * bound + k] }
    }
    let spanStart = firsts.min() ?? 0
    var spanEnd = spanStart + 1
    for i in 0..<n { spanEnd = max(spanEnd, firsts[i] + counts[i]) }
    self.offsets = firsts.map { $0 - spanStart }
    self.counts = counts
    self.weights = packed
    self.lanes = lanes
    self.spanStart = spanStart
    self.spanCount = spanEnd - spanStart
  }

  /// Writes the real weights of the output centred on `centre` to `raw[0..<taps]` and returns
  /// its first tap's source index, `taps` and the weights' sum.
  private static func rawWeights(
    centre: Double, start: Double, end: Double, scale: Double, support: Double, useBox: Bool,
    clipLow: Int, clipHigh: Int, bound: Int, into raw: inout [Double]
  ) -> (low: Int, taps: Int, sum: Double) {
    var low: Int
    var high: Int
    if useBox {
      low = Self.floor(centre - scale / 2)
      high = Self.ceil(centre + scale / 2)
    } else {
      low = Self.floor(centre - support + 0.5)
      high = Self.floor(centre + support + 0.5)
    }
    low = max(low, clipLow)
    high = min(high, clipHigh, low + bound)
    var taps = 0
    var sum = 0.0
    if low < high {
      for j in low..<high {
        let w: Double
        if useBox {
          let a = max(centre - scale / 2, start, Double(j))
          let b = min(centre + scale / 2, end, Double(j + 1))
          w = max(0, b - a)
        } else {
          w = max(0, 1 - abs(Double(j) + 0.5 - centre) / support)
        }
        raw[taps] = w
        taps += 1
        sum += w
      }
    }
    if !(sum > 0) {
      // No pixel under the filter (cannot happen for valid regions): nearest pixel.
      low = max(clipLow, min(clipHigh - 1, Int(centre.rounded(.down))))
      raw[0] = 1
      taps = 1
      sum = 1
    }
    return (low, taps, sum)
  }

  /// Writes the weights `raw[0..<taps]` (summing to `sum`), cumulatively rounded to sum to
  /// `total`, to `quantized[0..<taps]`.
  private static func quantize(
    _ raw: [Double], taps: Int, sum: Double, total: Double, into quantized: inout [Int16]
  ) {
    var running = 0.0
    var previous = 0
    for k in 0..<taps {
      running += raw[k]
      let next = k == taps - 1 ? Int(total) : Self.floor(running / sum * total + 0.5)
      quantized[k] = Int16(truncatingIfNeeded: max(0, next - previous))
      previous = max(previous, next)
    }
  }

  /// ⌊x⌋ for a finite x of magnitude below 2^53, without a library call.
  @inline(__always)
  static func floor(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) > x ? t - 1 : t
  }

  /// ⌈x⌉ for a finite x of magnitude below 2^53, without a library call.
  @inline(__always)
  static func ceil(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) < x ? t + 1 : t
  }
}
