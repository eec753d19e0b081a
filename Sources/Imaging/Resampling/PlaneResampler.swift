/// Resamples rows of interleaved 8-bit channels with Pillow's two-pass arithmetic
/// (`ImagingResampleInner`): each needed source row is first filtered horizontally into an
/// intermediate 8-bit row, `(2^21 + Σ pixel·weight) >> 22` clamped to 0...255, kept in a small
/// ring of rows; each output row is then filtered vertically from those intermediate rows
/// with the same rounding. Only row-sized scratch memory is used.
struct PlaneResampler {
  let xAxis, yAxis: ResamplingAxis
  /// Bytes (channels) per pixel: 1...4.
  let channels: Int
  /// First source column read: the row pointers handed in point at this column.
  let spanStart: Int
  /// Source columns read.
  let spanCount: Int
  /// Bytes of one intermediate or output row (`xAxis.outputCount × channels`).
  let rowBytes: Int
  /// Intermediate rows kept (the most taps any output row uses).
  let ringRows: Int
  /// True when source rows arrive planar (each channel's `spanCount` bytes at
  /// ``planeStride`` apart), filtered with 16-bit SIMD products; false for interleaved pixels.
  let planar: Bool
  /// Distance between the channel planes of a planar source row: `spanCount` plus `lanes`
  /// bytes of padding the vector loads may touch (with weight 0).
  let planeStride: Int
  /// Weights per output in the planar kernel: `taps` rounded up to a multiple of 8.
  let lanes: Int
  /// Byte offset of each output's first tap from the span start (of its plane when planar).
  private var offsets: [Int]
  /// Planar kernel weights split as `high · 2^15 + low` (`outputCount × lanes` each).
  private var highWeights, lowWeights: [Int16]
  /// `ringRows × rowBytes` horizontally filtered rows.
  private var ring: [UInt8]
  /// The source row held in each ring slot (−1: none).
  private var held: [Int]
  /// Vertical sums of one output row.
  private var sums: [Int32]
  /// One output row.
  private var outputRow: [UInt8]

  /// A resampler for `channels` (1...4) interleaved channels, or planar ones (`planar`).
  init(xAxis: ResamplingAxis, yAxis: ResamplingAxis, channels: Int, planar: Bool = false) {
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.channels = channels
    self.planar = planar
    let low = xAxis.sourceLow
    spanStart = low
    spanCount = max(xAxis.sourceHigh - low, 1)
    rowBytes = xAxis.outputCount * channels
    ringRows = max(yAxis.taps, 1)
    let lanes = (xAxis.taps + 7) / 8 * 8
    self.lanes = lanes
    planeStride = spanCount + lanes
    offsets = xAxis.first.map { ($0 - low) * (planar ? 1 : channels) }
    var high = [Int16]()
    var lowParts = [Int16]()
    if planar {
      let n = xAxis.outputCount
      high = [Int16](repeating: 0, count: n * lanes)
      lowParts = [Int16](repeating: 0, count: n * lanes)
      for k in 0..<n {
        for t in 0..<xAxis.count[k] {
          let w = xAxis.weights[k * xAxis.taps + t]
          high[k * lanes + t] = Int16(truncatingIfNeeded: w >> 15)
          lowParts[k * lanes + t] = Int16(truncatingIfNeeded: w & 0x7FFF)
        }
      }
    }
    highWeights = high
    lowWeights = lowParts
    ring = [UInt8](repeating: 0, count: ringRows * rowBytes)
    held = [Int](repeating: -1, count: ringRows)
    sums = [Int32](repeating: 0, count: rowBytes)
    outputRow = [UInt8](repeating: 0, count: rowBytes)
  }

  /// The first and one-past-last source rows the vertical taps read.
  var rowRange: Range<Int> { yAxis.sourceLow..<max(yAxis.sourceHigh, yAxis.sourceLow) }

  /// Runs both passes over every output row.
  ///
  /// `row(j)` returns source row j (absolute, within ``rowRange``) starting at column
  /// ``spanStart``: `spanCount × channels` interleaved bytes, or when ``planar`` `channels`
  /// planes of `spanCount` bytes ``planeStride`` apart (the padding readable); the pointer
  /// need only stay valid until the next call. `emit(r, bytes)` receives output row r (`rowBytes` bytes, valid during the call).
  mutating func run(
    row: (Int) -> UnsafePointer<UInt8>, emit: (Int, UnsafePointer<UInt8>) -> Void
  ) {
    let channels = self.channels
    let rowBytes = self.rowBytes
    let ringRows = self.ringRows
    let xAxis = self.xAxis
    let yAxis = self.yAxis
    for k in 0..<held.count { held[k] = -1 }
    let planar = self.planar
    let lanes = self.lanes
    let planeStride = self.planeStride
    highWeights.withUnsafeBufferPointer { highBuffer in
      lowWeights.withUnsafeBufferPointer { lowBuffer in
        offsets.withUnsafeBufferPointer { offsetBuffer in
          xAxis.weights.withUnsafeBufferPointer { xWeightBuffer in
            xAxis.count.withUnsafeBufferPointer { xCountBuffer in
              yAxis.weights.withUnsafeBufferPointer { yWeightBuffer in
                ring.withUnsafeMutableBufferPointer { ringBuffer in
                  held.withUnsafeMutableBufferPointer { heldBuffer in
                    sums.withUnsafeMutableBufferPointer { sumBuffer in
                      outputRow.withUnsafeMutableBufferPointer { outBuffer in
                        guard let offsets = offsetBuffer.baseAddress,
                          let xWeights = xWeightBuffer.baseAddress,
                          let xCounts = xCountBuffer.baseAddress,
                          let yWeights = yWeightBuffer.baseAddress,
                          let ring = ringBuffer.baseAddress, let sums = sumBuffer.baseAddress,
                          let out = outBuffer.baseAddress
                        else { return }
                        for r in 0..<yAxis.outputCount {
                          let first = yAxis.first[r]
                          let count = yAxis.count[r]
                          // Fill the ring with the rows this output needs (each once while the
                          // taps move forward).
                          for t in 0..<count {
                            let j = first + t
                            let slot = j % ringRows
                            if heldBuffer[slot] != j, planar, let high = highBuffer.baseAddress,
                              let low = lowBuffer.baseAddress
                            {
                              Self.horizontalPlanar(
                                source: row(j), planeStride: planeStride, channels: channels,
                                offsets: offsets, high: high, low: low, lanes: lanes,
                                outputs: xAxis.outputCount, into: ring + slot * rowBytes)
                              heldBuffer[slot] = j
                            } else if heldBuffer[slot] != j {
                              Self.horizontal(
                                source: row(j), offsets: offsets, weights: xWeights,
                                counts: xCounts, taps: xAxis.taps, outputs: xAxis.outputCount,
                                channels: channels, into: ring + slot * rowBytes)
                              heldBuffer[slot] = j
                            }
                          }
                          Self.vertical(
                            ring: ring, ringRows: ringRows, rowBytes: rowBytes, first: first,
                            count: count, weights: yWeights + r * yAxis.taps, sums: sums, into: out)
                          emit(r, out)
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Pillow's `clip8`: the integer part of a 22-bit fixed-point sum, clamped to 0...255.
  @inline(__always)
  static func clip8(_ sum: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: min(max(sum >> 22, 0), 255))
  }

  /// One horizontally filtered row: output k, channel c is
  /// `clip8(2^21 + Σ_t weights[k·taps + t] · source[offsets[k] + t·channels + c])`.
  @inline(never)
  static func horizontal(
    source: UnsafePointer<UInt8>, offsets: UnsafePointer<Int>, weights: UnsafePointer<Int32>,
    counts: UnsafePointer<Int>, taps: Int, outputs: Int, channels: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    let half: Int32 = 1 << 21
    switch channels {
    case 1:
      for k in 0..<outputs {
        let p = source + offsets[k]
        let w = weights + k &* taps
        var s0 = half
        for t in 0..<counts[k] { s0 &+= Int32(p[t]) &* w[t] }
        out[k] = clip8(s0)
      }
    case 3:
      for k in 0..<outputs {
        var p = source + offsets[k]
        let w = weights + k &* taps
        var s0 = half
        var s1 = half
        var s2 = half
        for t in 0..<counts[k] {
          let wt = w[t]
          s0 &+= Int32(p[0]) &* wt
          s1 &+= Int32(p[1]) &* wt
          s2 &+= Int32(p[2]) &* wt
          p += 3
        }
        out[3 &* k] = clip8(s0)
        out[3 &* k &+ 1] = clip8(s1)
        out[3 &* k &+ 2] = clip8(s2)
      }
    case 4:
      for k in 0..<outputs {
        var p = source + offsets[k]
        let w = weights + k &* taps
        var s = SIMD4<Int32>(repeating: half)
        for t in 0..<counts[k] {
          let v = SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
          s &+= v &* w[t]
          p += 4
        }
        for c in 0..<4 { out[4 &* k &+ c] = clip8(s[c]) }
      }
    default:
      for k in 0..<outputs {
        let p = source + offsets[k]
        let w = weights + k &* taps
        for c in 0..<channels {
          var s0 = half
          for t in 0..<counts[k] { s0 &+= Int32(p[t &* channels &+ c]) &* w[t] }
          out[k &* channels &+ c] = clip8(s0)
        }
      }
    }
  }

  /// One horizontally filtered row from planar channels: output k, channel c is
  /// `clip8(2^21 + 2^15·Σ p·high + Σ p·low)` over the `lanes` padded taps, with 16-bit
  /// products summed in 32-bit lanes (exact: p ≤ 255, low < 2^15, high ≤ 2^7).
  @inline(never)
  static func horizontalPlanar(
    source: UnsafePointer<UInt8>, planeStride: Int, channels: Int, offsets: UnsafePointer<Int>,
    high: UnsafePointer<Int16>, low: UnsafePointer<Int16>, lanes: Int, outputs: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    for c in 0..<channels {
      let plane = source + c &* planeStride
      for k in 0..<outputs {
        let p = plane + offsets[k]
        let wh = UnsafeRawPointer(high + k &* lanes)
        let wl = UnsafeRawPointer(low + k &* lanes)
        var accH = SIMD4<Int32>()
        var accL = SIMD4<Int32>()
        var m = 0
        while m < lanes {
          let bytes = UnsafeRawPointer(p + m).loadUnaligned(as: SIMD8<UInt8>.self)
          let px = SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: bytes))
          let h =
            px
            &* SIMD8<Int32>(
              truncatingIfNeeded: wh.loadUnaligned(fromByteOffset: 2 &* m, as: SIMD8<Int16>.self))
          let l =
            px
            &* SIMD8<Int32>(
              truncatingIfNeeded: wl.loadUnaligned(fromByteOffset: 2 &* m, as: SIMD8<Int16>.self))
          accH &+= h.evenHalf &+ h.oddHalf
          accL &+= l.evenHalf &+ l.oddHalf
          m &+= 8
        }
        let sum = ((accH &<< 15) &+ accL).wrappedSum() &+ (1 << 21)
        out[k &* channels &+ c] = clip8(sum)
      }
    }
  }

  /// One vertically filtered row from ring rows `first ..< first + count` (slot j % ringRows).
  @inline(never)
  static func vertical(
    ring: UnsafeMutablePointer<UInt8>, ringRows: Int, rowBytes: Int, first: Int, count: Int,
    weights: UnsafePointer<Int32>, sums: UnsafeMutablePointer<Int32>,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    for i in 0..<rowBytes { sums[i] = 1 << 21 }
    for t in 0..<count {
      let src = UnsafePointer(ring + ((first + t) % ringRows) * rowBytes)
      let w = weights[t]
      var i = 0
      let ws = SIMD8<Int32>(repeating: w)
      while i + 8 <= rowBytes {
        let bytes = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD8<UInt8>.self)
        let acc = UnsafeRawPointer(sums + i).loadUnaligned(as: SIMD8<Int32>.self)
        UnsafeMutableRawPointer(sums + i).storeBytes(
          of: acc &+ SIMD8<Int32>(truncatingIfNeeded: bytes) &* ws, as: SIMD8<Int32>.self)
        i += 8
      }
      while i < rowBytes {
        sums[i] &+= Int32(src[i]) &* w
        i += 1
      }
    }
    for i in 0..<rowBytes { out[i] = clip8(sums[i]) }
  }
}
