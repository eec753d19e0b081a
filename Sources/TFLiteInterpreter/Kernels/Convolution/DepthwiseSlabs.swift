/// How an integer depthwise convolution is cut into blocks of output rows, each reading a
/// slab of input rows widened to floats just before use (so the widened rows are still in
/// cache when the block reads them); each thread has one slab, so blocks on different threads
/// run on disjoint scratch.
///
/// Blocks never cross an image of the batch; a slab holds the image rows the block's filter
/// taps reach (`(rows − 1) · strideHeight + (filterHeight − 1) · dilationHeight + 1`, clipped
/// to the image). Neighbouring slabs overlap by the filter's reach past the stride, which is
/// widened once per slab.
struct DepthwiseSlabs {
  let g: ConvolutionGeometry
  /// Output rows per block (the last block of an image may have fewer).
  let blockRows: Int
  /// Blocks per image.
  let blocksPerImage: Int
  /// Floats reserved per slab (a multiple of 16).
  let slabFloats: Int

  /// The most floats a slab holds unless two output rows need more (256 KiB): a slab is the
  /// widened input a block reads, which should stay in cache while the block runs.
  static let maximumSlabFloats = 1 << 16

  init(_ g: ConvolutionGeometry) {
    self.g = g
    // About four blocks on small images (chunks for two threads), 2 to 8 rows each: fewer
    // rows per block widen the overlap between slabs more often (measured on MobileNet v2).
    // At most `maximumSlabFloats` of input rows per slab, when two output rows fit in them.
    let rowFloats = max(g.inputWidth * g.inputChannels, 1)
    let fitting =
      (Self.maximumSlabFloats / rowFloats - (g.filterHeight - 1) * g.dilationHeight - 1)
      / max(g.strideHeight, 1) + 1
    blockRows = max(2, min(8, g.outputHeight / 4, fitting))
    blocksPerImage = (g.outputHeight + blockRows - 1) / blockRows
    let reach = (blockRows - 1) * g.strideHeight + (g.filterHeight - 1) * g.dilationHeight + 1
    let rows = max(1, min(g.inputHeight, reach))
    slabFloats = (rows * g.inputWidth * g.inputChannels + 15) / 16 * 16
  }

  /// Blocks in the batch.
  var count: Int { g.batch * blocksPerImage }

  /// Floats of scratch for one slab per thread of a `threads`-thread pool (each thread widens
  /// its blocks one after the other into its own slab, which stays in cache).
  func totalFloats(threads: Int) -> Int { min(count, max(threads, 1)) * slabFloats }

  /// Block `index`'s image, first output row and output row count, and the image rows its
  /// slab holds (never empty: a block whose taps all fall in the padding gets one row no tap
  /// reads).
  func block(_ index: Int) -> (image: Int, firstRow: Int, rows: Int, inputRows: Range<Int>) {
    let image = index / blocksPerImage
    let first = index % blocksPerImage * blockRows
    let rows = min(blockRows, g.outputHeight - first)
    let top = first * g.strideHeight - g.padTop
    let bottom =
      (first + rows - 1) * g.strideHeight - g.padTop
      + (g.filterHeight - 1) * g.dilationHeight + 1
    let lower = min(max(0, top), g.inputHeight - 1)
    let upper = max(min(g.inputHeight, bottom), lower + 1)
    return (image, first, rows, lower..<upper)
  }
}
