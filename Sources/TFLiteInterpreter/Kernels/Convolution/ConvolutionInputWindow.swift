/// The input rows that a run of output pixels of one image reads, for kernels that prepare the
/// input (widen it to floats) block by block, into a buffer that holds only those rows: the
/// rows, clamped to the image, and the geometry that reads them from such a buffer.
///
/// That geometry is the image cut to the window: `inputHeight` is the window's height and
/// `padTop` grows by the window's first row, so input row `r` of the image is row
/// `r − rows.lowerBound` of the buffer. Rows outside the window then count as padding, which
/// is right because no tap of these pixels reads an image row outside it.
struct ConvolutionInputWindow {
  /// The input rows the pixels read, within the image.
  let rows: Range<Int>
  /// The convolution of one image whose input is rows `rows` only.
  let geometry: ConvolutionGeometry

  /// The window of output pixels `pixels` (row-major indices within one image, not empty).
  init(_ g: ConvolutionGeometry, pixels: Range<Int>) {
    let firstY = pixels.lowerBound / g.outputWidth
    let lastY = (pixels.upperBound - 1) / g.outputWidth
    let low = min(max(0, firstY * g.strideHeight - g.padTop), g.inputHeight)
    let reach = lastY * g.strideHeight - g.padTop + (g.filterHeight - 1) * g.dilationHeight + 1
    let high = max(low, min(g.inputHeight, reach))
    rows = low..<high
    var cut = g
    cut.batch = 1
    cut.inputHeight = high - low
    cut.padTop = g.padTop + low
    geometry = cut
  }

  /// The most input rows the window of any `pixels` consecutive output pixels of one image
  /// reads.
  static func maximumRows(_ g: ConvolutionGeometry, pixels: Int) -> Int {
    guard pixels > 0, g.outputWidth > 0 else { return 0 }
    // A run of n pixels starting anywhere in a row spans at most this many output rows.
    let outputRows = min(g.outputHeight, (pixels + g.outputWidth - 2) / g.outputWidth + 1)
    let reach = (outputRows - 1) * g.strideHeight + (g.filterHeight - 1) * g.dilationHeight + 1
    return min(g.inputHeight, reach)
  }
}
