extension DepthwiseConvolution {
  /// Floats of the stack buffer that holds a run of one output row's exact sums.
  static let quantizedBufferFloats = 4096

  /// Computes output rows `rows` (counted over `batch * outputHeight`) of an integer depthwise
  /// convolution: the float kernel sums each output's products exactly (integer-valued
  /// operands, starting from ``Requantization/magic``, no clamp) into a stack buffer, a run of
  /// pixels at a time, and the run is requantized (``RequantizationTable``) into the bytes.
  @inline(never)
  static func runQuantized(_ q: QuantizedDepthwiseOperands, rows: Range<Int>) {
    let channels = q.inputChannels &* q.multiplier
    guard channels > 0, q.outputWidth > 0 else { return }
    withUnsafeTemporaryAllocation(of: Float.self, capacity: max(quantizedBufferFloats, channels)) {
      buffer in
      guard let buffer = buffer.baseAddress else { return }
      let o: DepthwiseOperands = (
        input: q.input, inputHeight: q.inputHeight, inputWidth: q.inputWidth,
        inputChannels: q.inputChannels, filter: q.filter, filterHeight: q.filterHeight,
        filterWidth: q.filterWidth, multiplier: q.multiplier, bias: q.magic, output: buffer,
        outputHeight: q.outputHeight, outputWidth: q.outputWidth, strideHeight: q.strideHeight,
        strideWidth: q.strideWidth, dilationHeight: q.dilationHeight,
        dilationWidth: q.dilationWidth, padTop: q.padTop, padLeft: q.padLeft,
        lower: -.infinity, upper: .infinity
      )
      guard isValid(o) else { return }
      let interior = interiorColumns(o)
      let run = max(1, max(quantizedBufferFloats, channels) / channels)
      for row in rows {
        var x = 0
        while x < o.outputWidth {
          let end = min(o.outputWidth, x &+ run)
          computeRow(o, row: row, columns: x..<end, interior: interior, output: buffer, base: x)
          Requantization.pixels(
            sums: buffer, count: (end &- x) &* channels, channels: channels, q.requantization,
            q.output + (row &* o.outputWidth &+ x) &* channels)
          x = end
        }
      }
    }
  }
}
