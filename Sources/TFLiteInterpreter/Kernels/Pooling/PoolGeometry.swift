import TFLiteModel

/// The window arithmetic of AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D over NHWC tensors, float
/// and quantized alike, as TFLite's reference kernels compute it: SAME gives ⌈size / stride⌉
/// outputs and pads ⌊total / 2⌋ before (the odd cell goes at the bottom/right); VALID gives
/// `(size + stride - filter) / stride` outputs (C division, truncating toward zero) and no
/// padding. Windows only visit cells inside the input.
struct PoolGeometry {
  let batches, inputHeight, inputWidth, channels: Int
  let outputHeight, outputWidth, strideHeight, strideWidth: Int
  let filterHeight, filterWidth: Int
  /// Cells of padding before the first row / column (SAME only; 0 for VALID).
  let padTop, padLeft: Int

  /// The geometry of pooling `input` (NHWC) with `options`; throws for a non-positive stride
  /// or filter size, or a VALID window larger than the input.
  init(input: [Int], options: Pool2DOptions, node: NodeContext) throws(InterpreterError) {
    guard options.strideHeight > 0, options.strideWidth > 0 else {
      throw node.invalid("strides \(options.strideHeight)×\(options.strideWidth) must be positive")
    }
    guard options.filterHeight > 0, options.filterWidth > 0 else {
      throw node.invalid(
        "filter size \(options.filterHeight)×\(options.filterWidth) must be positive")
    }
    (outputHeight, padTop) = Self.axis(
      input[1], filter: options.filterHeight, stride: options.strideHeight,
      padding: options.padding)
    (outputWidth, padLeft) = Self.axis(
      input[2], filter: options.filterWidth, stride: options.strideWidth, padding: options.padding)
    guard outputHeight >= 0, outputWidth >= 0 else {
      throw node.invalid(
        "a \(options.filterHeight)×\(options.filterWidth) VALID window does not fit input \(input)"
      )
    }
    (batches, inputHeight, inputWidth, channels) = (input[0], input[1], input[2], input[3])
    (strideHeight, strideWidth) = (options.strideHeight, options.strideWidth)
    (filterHeight, filterWidth) = (options.filterHeight, options.filterWidth)
  }

  /// Output size and leading padding along one axis.
  private static func axis(_ size: Int, filter: Int, stride: Int, padding: Padding) -> (
    count: Int, before: Int
  ) {
    let count: Int
    switch padding {
    case .same: count = (size + stride - 1) / stride
    case .valid: count = (size + stride - filter) / stride
    }
    let total = max(0, (count - 1) * stride + filter - size)
    return (count, total / 2)
  }

  /// The output shape, `[batches, outputHeight, outputWidth, channels]`.
  var outputShape: [Int] { [batches, outputHeight, outputWidth, channels] }

  /// Splits the output rows (`batches × outputHeight`) over `pool`'s threads; `body` computes a
  /// range of them. Does nothing for an empty output.
  func forEachRows(pool: ThreadPool, _ body: (Range<Int>) -> Void) {
    let rows = batches * outputHeight
    guard rows > 0, outputWidth > 0, channels > 0 else { return }
    // The output and the input are not empty here, so these products are bounded by their sizes.
    let cells = min(filterHeight, inputHeight) * min(filterWidth, inputWidth)
    let work = max(1, outputWidth * channels * cells)
    pool.parallelFor(rows, minimumChunk: max(1, 32_768 / work), body)
  }

  /// The window rows of output row `row` (`batch · outputHeight + y`): its batch, the input
  /// row of filter row 0, and the filter rows inside the input.
  @inline(__always)
  func rows(of row: Int) -> (batch: Int, origin: Int, taps: Range<Int>) {
    let origin = (row % outputHeight) * strideHeight - padTop
    let first = max(0, -origin)
    return (row / outputHeight, origin, first..<max(first, min(filterHeight, inputHeight - origin)))
  }

  /// The window columns of output column `x`: the input column of filter column 0, and the
  /// filter columns inside the input.
  @inline(__always)
  func columns(of x: Int) -> (origin: Int, taps: Range<Int>) {
    let origin = x * strideWidth - padLeft
    let first = max(0, -origin)
    return (origin, first..<max(first, min(filterWidth, inputWidth - origin)))
  }

  /// The input element offset of window cell (`fy`, `fx`) at channel 0, for a window of
  /// `batch` whose filter row/column 0 reads input row `originY`, column `originX`.
  @inline(__always)
  func offset(batch: Int, originY: Int, originX: Int, fy: Int, fx: Int) -> Int {
    ((batch * inputHeight + originY + fy) * inputWidth + originX + fx) * channels
  }
}
