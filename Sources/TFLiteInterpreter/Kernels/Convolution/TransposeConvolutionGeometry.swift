import TFLiteModel

/// The shapes of a TRANSPOSE_CONV (inputs: output shape, weights `[OC][KH][KW][IC]`, input
/// `[B][H][W][IC]`, optional bias), checked as TFLite's `Prepare` does: the output shape must
/// be a constant `[B, OH, OW, OC]` and the padding is that of a convolution from the output
/// back to the input (``ConvolutionGeometry`` with the roles swapped), which must give the
/// input's height and width.
///
/// Output `(oy, ox)` gathers input pixels `(iy, ix)` with filter tap
/// `(oy + padTop − iy · strideHeight, ox + padLeft − ix · strideWidth)` inside the filter, in
/// ascending `iy`, `ix`, then input channel — the order TFLite's reference kernel adds them in.
struct TransposeConvolutionGeometry {
  let batch, inputHeight, inputWidth, inputChannels: Int
  let outputHeight, outputWidth, outputChannels, filterHeight: Int
  let filterWidth, strideHeight, strideWidth, padTop: Int
  let padLeft: Int

  /// Reads and checks the node's shapes with `options`.
  init(_ node: NodeContext, options: TransposeConvOptions) throws(InterpreterError) {
    try node.expect(inputs: 3, 4, outputs: 1)
    let (shapeTensor, weights, input) = (try node.input(0), try node.input(1), try node.input(2))
    guard let shape = shapeTensor.constantIntegers(), shape.count == 4 else {
      throw node.unsupported(
        "the output shape (input 0) must be a constant of 4 integers; shapes computed at run time are not supported"
      )
    }
    guard weights.shape.count == 4, input.shape.count == 4 else {
      throw node.invalid(
        "weights \(weights.shape) and input \(input.shape) must both have rank 4")
    }
    guard shape.allSatisfy({ $0 > 0 }), input.shape.allSatisfy({ $0 > 0 }),
      weights.shape.allSatisfy({ $0 > 0 })
    else {
      throw node.invalid(
        "sizes must be positive: output \(shape), input \(input.shape), weights \(weights.shape)")
    }
    guard weights.shape[3] == input.shape[3], weights.shape[0] == shape[3],
      input.shape[0] == shape[0]
    else {
      throw node.invalid(
        "weights \(weights.shape) do not map input \(input.shape) to output \(shape) ([OC, KH, KW, IC])"
      )
    }
    let backwards = try ConvolutionGeometry(
      input: shape, filterHeight: weights.shape[1], filterWidth: weights.shape[2],
      padding: options.padding, strides: (options.strideHeight, options.strideWidth),
      dilations: (1, 1), node: node)
    guard backwards.outputHeight == input.shape[1], backwards.outputWidth == input.shape[2] else {
      throw node.invalid(
        "an output of \(shape[1])×\(shape[2]) with these strides and padding comes from a \(backwards.outputHeight)×\(backwards.outputWidth) input, not \(input.shape[1])×\(input.shape[2])"
      )
    }
    try backwards.checkSizes(
      outputChannels: input.shape[3], filterChannels: input.shape[3], node: node)
    (batch, inputHeight, inputWidth, inputChannels) = (
      shape[0], input.shape[1], input.shape[2], input.shape[3]
    )
    (outputHeight, outputWidth, outputChannels) = (shape[1], shape[2], shape[3])
    (filterHeight, filterWidth) = (weights.shape[1], weights.shape[2])
    (strideHeight, strideWidth) = (options.strideHeight, options.strideWidth)
    (padTop, padLeft) = (backwards.padTop, backwards.padLeft)
    if let bias = node.inputs.count > 3 ? node.inputs[3] : nil, bias.elementCount != outputChannels
    {
      throw node.invalid("bias of shape \(bias.shape) is not \(outputChannels) values")
    }
  }

  /// Floats of the GEMM path's contributions: every input pixel times every output channel and
  /// filter tap (nil if the count overflows).
  var contributions: Int? {
    ConvolutionGeometry.product([
      batch, inputHeight, inputWidth, outputChannels, filterHeight, filterWidth,
    ])
  }

  /// The output shape `[B, OH, OW, OC]`.
  var outputShape: [Int] { [batch, outputHeight, outputWidth, outputChannels] }

  /// The input rows `iy` (ascending) that reach output row `oy`, or the input columns for an
  /// output column: those with `0 ≤ o + pad − i · stride < filter`.
  @inline(__always)
  static func sources(_ o: Int, pad: Int, stride: Int, filter: Int, count: Int) -> ClosedRange<Int>?
  {
    let top = o + pad
    let low = top - filter + 1
    let first = low <= 0 ? 0 : (low + stride - 1) / stride
    let last = min(count - 1, top / stride)
    return first <= last ? first...last : nil
  }

  /// Calls `body(pixel, fy, fx)` for every input pixel that reaches output `(b, oy, ox)`, in
  /// TFLite's order: `pixel` counts input pixels over `batch × height × width`, `(fy, fx)` is
  /// the filter tap that carries it there.
  @inline(__always)
  func forEachSource(
    b: Int, oy: Int, ox: Int, _ body: (_ pixel: Int, _ fy: Int, _ fx: Int) -> Void
  ) {
    guard
      let rows = Self.sources(
        oy, pad: padTop, stride: strideHeight, filter: filterHeight, count: inputHeight),
      let columns = Self.sources(
        ox, pad: padLeft, stride: strideWidth, filter: filterWidth, count: inputWidth)
    else { return }
    for iy in rows {
      let fy = oy + padTop - iy * strideHeight
      for ix in columns {
        body((b * inputHeight + iy) * inputWidth + ix, fy, ox + padLeft - ix * strideWidth)
      }
    }
  }

  /// Calls `body(inputIndex, filterIndex)` for every product that adds up to output
  /// `(b, oy, ox, oc)`, in TFLite's order; indices are element offsets into the input and the
  /// weights, the input channel varying fastest.
  @inline(__always)
  func forEachProduct(
    b: Int, oy: Int, ox: Int, oc: Int, _ body: (_ input: Int, _ filter: Int) -> Void
  ) {
    forEachSource(b: b, oy: oy, ox: ox) { pixel, fy, fx in
      let input = pixel * inputChannels
      let filter = ((oc * filterHeight + fy) * filterWidth + fx) * inputChannels
      for ic in 0..<inputChannels { body(input + ic, filter + ic) }
    }
  }

  /// Calls `body(b, oy, ox, oc, index)` for every output element, `index` its offset in the
  /// output, with the output rows (`batch × outputHeight`) split over `pool`'s threads.
  func forEachOutput(
    pool: ThreadPool,
    _ body: (_ b: Int, _ oy: Int, _ ox: Int, _ oc: Int, _ index: Int) -> Void
  ) {
    forEachOutputPixel(pool: pool) { b, oy, ox, first in
      for oc in 0..<outputChannels { body(b, oy, ox, oc, first + oc) }
    }
  }

  /// Calls `body(b, oy, ox, index)` for every output pixel, `index` the offset of its first
  /// channel in the output, with the output rows split over `pool`'s threads.
  func forEachOutputPixel(
    pool: ThreadPool, _ body: (_ b: Int, _ oy: Int, _ ox: Int, _ index: Int) -> Void
  ) {
    let rowWork =
      outputWidth * outputChannels * inputChannels
      * max(1, filterHeight * filterWidth / max(1, strideHeight * strideWidth))
    pool.parallelFor(
      batch * outputHeight, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))
    ) { rows in
      for row in rows {
        let (b, oy) = (row / outputHeight, row % outputHeight)
        for ox in 0..<outputWidth {
          body(b, oy, ox, (row * outputWidth + ox) * outputChannels)
        }
      }
    }
  }
}
