/// Float depthwise convolution, vectorized over channels.
///
/// Each output value is its bias plus one multiply-add per valid tap (filter rows, then
/// columns, in increasing order), then the clamp — the same chain whichever rows a call
/// computes and whichever path (border, interior, 3×3) computes it.
enum DepthwiseConvolution {
  /// One register of channels (8 lanes on AVX2, 16 on AVX-512): a 3×3 filter's nine weight
  /// vectors stay in registers while a row of output pixels streams by.
  typealias Lanes = KernelTarget.DepthwiseLanes
  /// Half of ``Lanes``, for channel counts that leave a remainder (e.g. 8 channels on AVX-512).
  typealias HalfLanes = KernelTarget.DepthwiseHalfLanes

  /// Computes output rows `rows`, counted over `batch * outputHeight` (row `r` is image
  /// `r / outputHeight`, output row `r % outputHeight`).
  @inline(never)
  static func run(_ o: DepthwiseOperands, rows: Range<Int>) {
    guard isValid(o) else { return }
    let channels = o.inputChannels * o.multiplier
    let interior = interiorColumns(o)
    for row in rows {
      computeRow(
        o, row: row, columns: 0..<o.outputWidth, interior: interior,
        output: o.output + row * o.outputWidth * channels, base: 0)
    }
  }

  /// True when the operands describe a non-empty convolution the loops can run.
  @inline(__always)
  static func isValid(_ o: DepthwiseOperands) -> Bool {
    o.outputHeight > 0 && o.outputWidth > 0 && o.inputChannels > 0 && o.multiplier > 0
      && o.inputHeight > 0 && o.inputWidth > 0 && o.dilationHeight > 0 && o.dilationWidth > 0
      && o.strideWidth > 0 && o.filterHeight > 0 && o.filterWidth > 0
  }

  /// Output columns whose filter taps all fall inside the image (empty when none do).
  @inline(__always)
  static func interiorColumns(_ o: DepthwiseOperands) -> Range<Int> {
    let span = (o.filterWidth - 1) * o.dilationWidth
    guard o.inputWidth > span else { return 0..<0 }
    let first = o.padLeft <= 0 ? 0 : (o.padLeft + o.strideWidth - 1) / o.strideWidth
    let end = min(o.outputWidth, (o.inputWidth - 1 - span + o.padLeft) / o.strideWidth + 1)
    return first < end ? first..<end : 0..<0
  }

  /// Computes the output pixels `columns` of output row `row` (counted as in
  /// ``run(_:rows:)``); `output` points at pixel `base` of that row and `interior` is
  /// ``interiorColumns(_:)``.
  @inline(__always)
  static func computeRow(
    _ o: DepthwiseOperands, row: Int, columns: Range<Int>, interior: Range<Int>,
    output: UnsafeMutablePointer<Float>, base: Int
  ) {
    let channels = o.inputChannels * o.multiplier
    let imageSize = o.inputHeight * o.inputWidth * o.inputChannels
    let image = o.input + (row / o.outputHeight) * imageSize
    let originY = (row % o.outputHeight) * o.strideHeight - o.padTop
    let tapRows = validTaps(
      origin: originY, dilation: o.dilationHeight, filter: o.filterHeight, size: o.inputHeight)
    let inner = interior.clamped(to: columns)
    let fast =
      o.multiplier == 1 && o.filterHeight == 3 && o.filterWidth == 3 && !tapRows.isEmpty
      && !inner.isEmpty
    guard fast else {
      if o.multiplier == 1 && !tapRows.isEmpty && inner.count >= pixelsPerStep {
        computeInterior(o, image, originY, tapRows, columns, inner, output, base)
        return
      }
      for x in columns {
        pixel(o, image, originY, tapRows, x, output, base, channels: 0..<channels)
      }
      return
    }
    // The first image row the filter reads (rows above or below the image are skipped).
    let rowStart =
      image + (originY + tapRows.lowerBound * o.dilationHeight) * o.inputWidth * channels
    let out = output + (inner.lowerBound - base) * channels
    var c = 0
    while c + Lanes.scalarCount <= channels {
      row3x3(Lanes.self, o, rowStart, out, c, inner, tapRows)
      c += Lanes.scalarCount
    }
    if c + HalfLanes.scalarCount <= channels {
      row3x3(HalfLanes.self, o, rowStart, out, c, inner, tapRows)
      c += HalfLanes.scalarCount
    }
    // Channels left over, then the border columns, pixel by pixel.
    if c < channels {
      for x in inner {
        pixel(o, image, originY, tapRows, x, output, base, channels: c..<channels)
      }
    }
    for x in columns.lowerBound..<inner.lowerBound {
      pixel(o, image, originY, tapRows, x, output, base, channels: 0..<channels)
    }
    for x in inner.upperBound..<columns.upperBound {
      pixel(o, image, originY, tapRows, x, output, base, channels: 0..<channels)
    }
  }

  /// ``computeRow(_:row:columns:interior:output:base:)`` for multiplier 1 and any filter: the
  /// interior columns (`inner`) four at a time per register of channels, everything else
  /// pixel by pixel.
  @inline(__always)
  static func computeInterior(
    _ o: DepthwiseOperands, _ image: UnsafePointer<Float>, _ originY: Int, _ tapRows: Range<Int>,
    _ columns: Range<Int>, _ inner: Range<Int>, _ output: UnsafeMutablePointer<Float>,
    _ base: Int
  ) {
    let channels = o.inputChannels
    let rowOutput = output - base &* channels
    var c = 0
    var done = inner.lowerBound
    while c + Lanes.scalarCount <= channels {
      done = interiorRow(Lanes.self, o, image, originY, tapRows, inner, rowOutput, c)
      c += Lanes.scalarCount
    }
    if c + HalfLanes.scalarCount <= channels {
      done = interiorRow(HalfLanes.self, o, image, originY, tapRows, inner, rowOutput, c)
      c += HalfLanes.scalarCount
    }
    if c < channels {
      for x in inner.lowerBound..<done {
        pixel(o, image, originY, tapRows, x, output, base, channels: c..<channels)
      }
    }
    for x in columns where !(inner.lowerBound..<done).contains(x) {
      pixel(o, image, originY, tapRows, x, output, base, channels: 0..<channels)
    }
  }

  /// The taps `t` in `0..<filter` with `0 <= origin + t * dilation < size`.
  @inline(__always)
  static func validTaps(origin: Int, dilation: Int, filter: Int, size: Int) -> Range<Int> {
    var first = 0
    while first < filter && origin + first * dilation < 0 { first += 1 }
    var end = filter
    while end > first && origin + (end - 1) * dilation >= size { end -= 1 }
    return first..<end
  }

  /// One image row of a 3×3 filter with every tap inside the image, for the channels
  /// `first ..< first + Lanes.scalarCount` and the output columns `columns` (multiplier 1);
  /// `output` points at pixel `columns.lowerBound`.
  @inline(__always)
  static func row3x3<Lanes: SIMD>(
    _: Lanes.Type, _ o: DepthwiseOperands, _ rowStart: UnsafePointer<Float>,
    _ output: UnsafeMutablePointer<Float>, _ first: Int, _ columns: Range<Int>,
    _ tapRows: Range<Int>
  ) where Lanes.Scalar == Float {
    let channels = o.inputChannels
    let bias: Lanes = load(o.bias + first)
    let walk = RowWalk(o, rowStart, output, first: first, columns: columns)
    let f = o.filter + tapRows.lowerBound * 3 * channels + first
    if tapRows.count < 3 {
      rowFewTaps(walk, f, channels, two: tapRows.count > 1, bias, o, count: columns.count)
      return
    }
    let w0: Lanes = load(f)
    let w1: Lanes = load(f + channels)
    let w2: Lanes = load(f + 2 * channels)
    let w3: Lanes = load(f + 3 * channels)
    let w4: Lanes = load(f + 4 * channels)
    let w5: Lanes = load(f + 5 * channels)
    let w6: Lanes = load(f + 6 * channels)
    let w7: Lanes = load(f + 7 * channels)
    let w8: Lanes = load(f + 8 * channels)
    let (lower, upper) = (Lanes(repeating: o.lower), Lanes(repeating: o.upper))
    let (rowStep, tapStep, pixelStep) = (walk.rowStep, walk.tapStep, walk.pixelStep)
    var (input, out) = (walk.input, walk.output)
    for _ in columns {
      let r1 = input + rowStep
      let r2 = r1 + rowStep
      var sum = multiplyAdd(load(input), w0, bias)
      sum = multiplyAdd(load(input + tapStep), w1, sum)
      sum = multiplyAdd(load(input + 2 * tapStep), w2, sum)
      sum = multiplyAdd(load(r1), w3, sum)
      sum = multiplyAdd(load(r1 + tapStep), w4, sum)
      sum = multiplyAdd(load(r1 + 2 * tapStep), w5, sum)
      sum = multiplyAdd(load(r2), w6, sum)
      sum = multiplyAdd(load(r2 + tapStep), w7, sum)
      sum = multiplyAdd(load(r2 + 2 * tapStep), w8, sum)
      store(clamp(sum, lower, upper), out)
      input += pixelStep
      out += channels
    }
  }

  /// Where one pass of ``row3x3`` starts and how it steps (multiplier 1): between filter rows,
  /// between taps of a row, and between output pixels.
  struct RowWalk {
    let rowStep: Int, tapStep: Int, pixelStep: Int
    /// The first pixel's first tap at channel `first`, and its output.
    let input: UnsafePointer<Float>
    let output: UnsafeMutablePointer<Float>

    @inline(__always)
    init(
      _ o: DepthwiseOperands, _ rowStart: UnsafePointer<Float>,
      _ output: UnsafeMutablePointer<Float>, first: Int, columns: Range<Int>
    ) {
      let channels = o.inputChannels
      rowStep = o.dilationHeight * o.inputWidth * channels
      tapStep = o.dilationWidth * channels
      pixelStep = o.strideWidth * channels
      input = rowStart + (columns.lowerBound * o.strideWidth - o.padLeft) * channels + first
      self.output = output + first
    }
  }

  /// ``row3x3`` for `count` output pixels whose window is cut by the top or bottom of the
  /// image: one filter row, or two with `two`, of weights from `f` on (`channels` floats per
  /// tap).
  @inline(__always)
  static func rowFewTaps<Lanes: SIMD>(
    _ walk: RowWalk, _ f: UnsafePointer<Float>, _ channels: Int, two: Bool, _ bias: Lanes,
    _ o: DepthwiseOperands, count: Int
  ) where Lanes.Scalar == Float {
    let w0: Lanes = load(f)
    let w1: Lanes = load(f + channels)
    let w2: Lanes = load(f + 2 * channels)
    let w3: Lanes = two ? load(f + 3 * channels) : Lanes()
    let w4: Lanes = two ? load(f + 4 * channels) : Lanes()
    let w5: Lanes = two ? load(f + 5 * channels) : Lanes()
    let (lower, upper) = (Lanes(repeating: o.lower), Lanes(repeating: o.upper))
    let (rowStep, tapStep, pixelStep) = (walk.rowStep, walk.tapStep, walk.pixelStep)
    var (input, out) = (walk.input, walk.output)
    for _ in 0..<count {
      var sum = multiplyAdd(load(input), w0, bias)
      sum = multiplyAdd(load(input + tapStep), w1, sum)
      sum = multiplyAdd(load(input + 2 * tapStep), w2, sum)
      if two {
        let r1 = input + rowStep
        sum = multiplyAdd(load(r1), w3, sum)
        sum = multiplyAdd(load(r1 + tapStep), w4, sum)
        sum = multiplyAdd(load(r1 + 2 * tapStep), w5, sum)
      }
      store(clamp(sum, lower, upper), out)
      input += pixelStep
      out += channels
    }
  }

  /// The output channels `channels` of output pixel `x` in a row whose tap rows are `tapRows`;
  /// `output` points at pixel `base` of the row.
  @inline(__always)
  static func pixel(
    _ o: DepthwiseOperands, _ image: UnsafePointer<Float>, _ originY: Int, _ tapRows: Range<Int>,
    _ x: Int, _ output: UnsafeMutablePointer<Float>, _ base: Int, channels: Range<Int>
  ) {
    let originX = x * o.strideWidth - o.padLeft
    let tapColumns = validTaps(
      origin: originX, dilation: o.dilationWidth, filter: o.filterWidth, size: o.inputWidth)
    let out = output + (x - base) * o.inputChannels * o.multiplier
    if o.multiplier == 1 {
      var c = channels.lowerBound
      while c + Lanes.scalarCount <= channels.upperBound {
        let sum: Lanes = taps(o, image, originY, originX, tapRows, tapColumns, c, single: false)
        store(clamp(sum, Lanes(repeating: o.lower), Lanes(repeating: o.upper)), out + c)
        c += Lanes.scalarCount
      }
      if c + HalfLanes.scalarCount <= channels.upperBound {
        let sum: HalfLanes = taps(o, image, originY, originX, tapRows, tapColumns, c, single: false)
        store(clamp(sum, HalfLanes(repeating: o.lower), HalfLanes(repeating: o.upper)), out + c)
        c += HalfLanes.scalarCount
      }
      while c < channels.upperBound {
        let sum: SIMD2<Float> = taps(
          o, image, originY, originX, tapRows, tapColumns, c, single: true)
        out[c] = sum[0] < o.lower ? o.lower : (sum[0] > o.upper ? o.upper : sum[0])
        c += 1
      }
    } else {
      let all = o.inputChannels * o.multiplier
      for c in channels {
        let source = c / o.multiplier
        var sum = o.bias[c]
        for ky in tapRows {
          let y = originY + ky * o.dilationHeight
          for kx in tapColumns {
            let x = originX + kx * o.dilationWidth
            sum = multiplyAdd(
              image[(y * o.inputWidth + x) * o.inputChannels + source],
              o.filter[(ky * o.filterWidth + kx) * all + c], sum)
          }
        }
        out[c] = sum < o.lower ? o.lower : (sum > o.upper ? o.upper : sum)
      }
    }
  }

  /// The sum (before the clamp) of channels from `first` over the given taps (multiplier 1).
  /// With `single`, only channel `first` is read, into every lane.
  @inline(__always)
  static func taps<V: SIMD>(
    _ o: DepthwiseOperands, _ image: UnsafePointer<Float>, _ originY: Int, _ originX: Int,
    _ tapRows: Range<Int>, _ tapColumns: Range<Int>, _ first: Int, single: Bool
  ) -> V where V.Scalar == Float {
    let channels = o.inputChannels
    var sum: V = single ? V(repeating: o.bias[first]) : load(o.bias + first)
    for ky in tapRows {
      let y = originY + ky * o.dilationHeight
      let inputRow = image + y * o.inputWidth * channels + first
      let filterRow = o.filter + ky * o.filterWidth * channels + first
      for kx in tapColumns {
        let x = originX + kx * o.dilationWidth
        let value: V = single ? V(repeating: inputRow[x * channels]) : load(inputRow + x * channels)
        let weight: V =
          single ? V(repeating: filterRow[kx * channels]) : load(filterRow + kx * channels)
        sum = multiplyAdd(value, weight, sum)
      }
    }
    return sum
  }
}
