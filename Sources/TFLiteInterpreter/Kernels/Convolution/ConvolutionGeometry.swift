import TFLiteModel

/// The spatial arithmetic shared by CONV_2D and DEPTHWISE_CONV_2D over NHWC tensors: output
/// size and padding offsets exactly as TFLite computes them.
///
/// Output pixel `(oy, ox)` and filter tap `(ky, kx)` read input pixel
/// `(oy * strideHeight - padTop + ky * dilationHeight, ox * strideWidth - padLeft + kx * dilationWidth)`;
/// taps outside the image read zero. With an effective filter size
/// `e = (filter - 1) * dilation + 1`, the output size is `ceil(input / stride)` for SAME and
/// `(input + stride - e) / stride` (truncating) for VALID; the padding before is half of
/// `max((output - 1) * stride + e - input, 0)`, rounded down (the odd row/column goes after).
struct ConvolutionGeometry: Equatable {
  var batch, inputHeight, inputWidth, inputChannels: Int
  var filterHeight, filterWidth, strideHeight, strideWidth: Int
  var dilationHeight, dilationWidth, outputHeight, outputWidth: Int
  var padTop, padLeft: Int

  /// Largest stride or dilation accepted (TFLite has no limit; real models use 1–16).
  static let maximumStep = 1 << 16

  /// The geometry of a convolution of `input` (`[batch, height, width, channels]`) with a
  /// `filterHeight × filterWidth` filter; throws when a size, stride or dilation is unusable.
  init(
    input: [Int], filterHeight: Int, filterWidth: Int, padding: Padding,
    strides: (height: Int, width: Int), dilations: (height: Int, width: Int), node: NodeContext
  ) throws(InterpreterError) {
    guard input.count == 4 else {
      throw node.invalid("input must have rank 4 (NHWC), found shape \(input)")
    }
    for (name, step) in [
      ("stride_h", strides.height), ("stride_w", strides.width),
      ("dilation_h_factor", dilations.height), ("dilation_w_factor", dilations.width),
    ] where !(1...Self.maximumStep).contains(step) {
      throw node.invalid("\(name) is \(step); it must be in 1...\(Self.maximumStep)")
    }
    guard filterHeight >= 1, filterWidth >= 1 else {
      throw node.invalid("filter size \(filterHeight)×\(filterWidth) is empty")
    }
    batch = input[0]
    inputHeight = input[1]
    inputWidth = input[2]
    inputChannels = input[3]
    self.filterHeight = filterHeight
    self.filterWidth = filterWidth
    strideHeight = strides.height
    strideWidth = strides.width
    dilationHeight = dilations.height
    dilationWidth = dilations.width
    // Tensor sizes are bounded by the interpreter's byte limits and steps by `maximumStep`,
    // so these products fit in 64 bits; they are still checked.
    // A folded PAD (VALID only): the VALID sizes of the padded input, read as padding.
    let folded = padding == .valid ? node.foldedPadding : nil
    (outputHeight, padTop) = try Self.axis(
      input: inputHeight, filter: filterHeight, stride: strideHeight, dilation: dilationHeight,
      padding: padding, around: folded.map { ($0.top, $0.bottom) }, name: "height", node: node)
    (outputWidth, padLeft) = try Self.axis(
      input: inputWidth, filter: filterWidth, stride: strideWidth, dilation: dilationWidth,
      padding: padding, around: folded.map { ($0.left, $0.right) }, name: "width", node: node)
  }

  /// Output size and padding before, along one axis; `around` is a folded PAD's padding
  /// before and after (VALID only: the output is VALID's on the padded input).
  private static func axis(
    input: Int, filter: Int, stride: Int, dilation: Int, padding: Padding,
    around: (before: Int, after: Int)?, name: String, node: NodeContext
  ) throws(InterpreterError) -> (output: Int, padBefore: Int) {
    let (span, overflow) = (filter - 1).multipliedReportingOverflow(by: dilation)
    guard !overflow, span < Int.max / 4, input < Int.max / 4 else {
      throw node.invalid("filter \(name) \(filter) with dilation \(dilation) is too large")
    }
    if let around {
      // The PAD's output size was checked against the byte limits when it was planned.
      let padded = input + around.before + around.after
      let (output, _) = try axis(
        input: padded, filter: filter, stride: stride, dilation: dilation, padding: .valid,
        around: nil, name: name, node: node)
      return (output, around.before)
    }
    let effective = span + 1
    let output: Int
    switch padding {
    case .same: output = (input + stride - 1) / stride
    case .valid: output = (input + stride - effective) / stride
    }
    guard output >= 0 else {
      throw node.invalid(
        "input \(name) \(input) is smaller than the dilated filter (\(effective)) with VALID padding"
      )
    }
    let (reach, reachOverflow) = (max(output - 1, 0)).multipliedReportingOverflow(by: stride)
    guard !reachOverflow, reach < Int.max / 4 else {
      throw node.invalid("output \(name) \(output) with stride \(stride) is too large")
    }
    return (output, max(reach + effective - input, 0) / 2)
  }

  /// Output pixels per image.
  var outputPixels: Int { outputHeight * outputWidth }

  /// Walks the output pixels `rows` (counted over `batch × outputHeight × outputWidth`) in
  /// runs within one output row, without divisions after the first: `body(image, y, columns)`
  /// gets the run's image in `input`, its output row and its output columns.
  @inline(__always)
  func forEachRun(
    of rows: Range<Int>, input: UnsafePointer<Float>,
    _ body: (_ image: UnsafePointer<Float>, _ y: Int, _ columns: Range<Int>) -> Void
  ) {
    let pixels = outputPixels
    guard pixels > 0, !rows.isEmpty else { return }
    // Offsets stay inside the input, whose size the factory checked.
    let imageFloats = inputHeight &* inputWidth &* inputChannels
    var image = input + (rows.lowerBound / pixels) &* imageFloats
    var y = (rows.lowerBound % pixels) / outputWidth
    var x = (rows.lowerBound % pixels) % outputWidth
    var remaining = rows.count
    while remaining > 0 {
      let run = min(remaining, outputWidth &- x)
      body(image, y, x..<x &+ run)
      remaining &-= run
      x &+= run
      if x == outputWidth {
        x = 0
        y &+= 1
        if y == outputHeight {
          y = 0
          image += imageFloats
        }
      }
    }
  }

  /// Elements of the input tensor.
  var inputElements: Int { batch * inputHeight * inputWidth * inputChannels }

  /// The product of `factors`, or nil if it overflows `Int` (sizes are checked against the
  /// interpreter's limits only after a factory returns, so factories multiply with care).
  static func product(_ factors: [Int]) -> Int? {
    var result = 1
    for factor in factors {
      let (next, overflow) = result.multipliedReportingOverflow(by: factor)
      guard !overflow else { return nil }
      result = next
    }
    return result
  }

  /// Throws unless the input, the output with `outputChannels` channels and the filter (with
  /// `filterChannels` per tap) all have sizes that fit in `Int`.
  func checkSizes(outputChannels: Int, filterChannels: Int, node: NodeContext)
    throws(InterpreterError)
  {
    guard
      Self.product([batch, inputHeight, inputWidth, inputChannels]) != nil,
      Self.product([batch, outputHeight, outputWidth, outputChannels]) != nil,
      Self.product([filterHeight, filterWidth, filterChannels, max(outputChannels, 1)]) != nil
    else {
      throw node.invalid("tensor sizes overflow")
    }
  }

  /// Splits the output rows of a depthwise convolution (`batch × outputHeight`, each
  /// `outputWidth × inputChannels × multiplier` outputs of `filterHeight × filterWidth` taps)
  /// over `pool`'s threads: `body` computes a range of them.
  func forEachDepthwiseRows(multiplier: Int, pool: ThreadPool, _ body: (Range<Int>) -> Void) {
    let rowWork = outputWidth * inputChannels * multiplier * filterHeight * filterWidth
    pool.parallelFor(
      batch * outputHeight, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1)), body)
  }

  /// True when every output pixel reads exactly its own input pixel (1×1 filter, stride 1):
  /// then the input is the GEMM's A matrix as it is.
  var isPointwise: Bool {
    filterHeight == 1 && filterWidth == 1 && strideHeight == 1 && strideWidth == 1
      && padTop == 0 && padLeft == 0 && outputHeight == inputHeight && outputWidth == inputWidth
  }
}
