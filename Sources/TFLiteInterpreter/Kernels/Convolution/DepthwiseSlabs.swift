/// How an integer depthwise convolution is cut into blocks of output rows, each reading a
/// slab of input rows widened to floats just before use (so the widened rows are still in
/// cache when the block reads them); each thread has one slab, in the threads' scratch
/// (``Kernel/threadScratchBytes``), so blocks on different threads run on disjoint scratch and
/// a thread's slab stays in its caches from one layer to the next.
///
/// Blocks never cross an image of the batch; a slab holds the rows the block's filter taps
/// reach (`(rows − 1) · strideHeight + (filterHeight − 1) · dilationHeight + 1`). A padded
/// slab holds them all, with zeros (the widened zero point) for rows and columns outside the
/// image, so that every output pixel reads its whole window from the slab (no border path)
/// and the padding adds exact zeros to the integer-valued sums; an unpadded one holds the
/// image rows among them and leaves the borders to the kernel. Neighbouring slabs overlap by
/// the filter's reach past the stride, which is widened once per slab.
struct DepthwiseSlabs {
  let g: ConvolutionGeometry
  /// Blocks per image: their output rows differ by at most one.
  let blocksPerImage: Int
  /// Output rows of the largest block.
  let blockRows: Int
  /// Floats reserved per slab (a multiple of 16).
  let slabFloats: Int
  /// Zero columns before the image's first column in a slab row (0 unless padded).
  let padLeft: Int
  /// True when slabs hold the padding as zeros.
  let padded: Bool
  /// Pixels per slab row: the image's width and the zero columns on either side.
  let slabWidth: Int

  /// The most floats a slab holds unless two output rows need more (256 KiB): a slab is the
  /// widened input a block reads, which should stay in cache while the block runs.
  static let maximumSlabFloats = 1 << 16

  /// The blocks for a pool of `threads` threads, in `padded` slabs or not.
  init(_ g: ConvolutionGeometry, threads: Int, padded: Bool) {
    self.g = g
    self.padded = padded
    // About four blocks on small images, 2 to 8 rows each: fewer rows per block widen the
    // overlap between slabs more often (measured on MobileNet v2). At most
    // `maximumSlabFloats` of input rows per slab, when two output rows fit in them. With
    // several threads, a multiple of the thread count of blocks, so that the threads get as
    // many rows each.
    padLeft = padded ? g.padLeft : 0
    let reachRight =
      (g.outputWidth - 1) * g.strideWidth - g.padLeft + (g.filterWidth - 1) * g.dilationWidth + 1
    slabWidth = padded ? g.padLeft + max(g.inputWidth, reachRight) : g.inputWidth
    let rowFloats = max(slabWidth * g.inputChannels, 1)
    let fitting =
      (Self.maximumSlabFloats / rowFloats - (g.filterHeight - 1) * g.dilationHeight - 1)
      / max(g.strideHeight, 1) + 1
    let mostRows = max(2, min(8, g.outputHeight / 4, fitting))
    let blocks = (g.outputHeight + mostRows - 1) / mostRows
    let threads = max(1, threads)
    blocksPerImage = max(1, min(g.outputHeight, (blocks + threads - 1) / threads * threads))
    blockRows = (g.outputHeight + blocksPerImage - 1) / blocksPerImage
    let reach = (blockRows - 1) * g.strideHeight + (g.filterHeight - 1) * g.dilationHeight + 1
    let rows = padded ? max(1, reach) : max(1, min(g.inputHeight, reach))
    slabFloats = (rows * rowFloats + 15) / 16 * 16
  }

  /// Blocks in the batch.
  var count: Int { g.batch * blocksPerImage }

  /// Block `index`'s image, first output row and output row count, and the rows its slab
  /// holds, in image rows: padded, from above the image to below it where the taps reach the
  /// padding; else the image rows among them (never empty: a block whose taps all fall in the
  /// padding gets one row no tap reads).
  func block(_ index: Int) -> (image: Int, firstRow: Int, rows: Int, inputRows: Range<Int>) {
    let image = index / blocksPerImage
    let block = index % blocksPerImage
    let first = g.outputHeight * block / blocksPerImage
    let rows = g.outputHeight * (block + 1) / blocksPerImage - first
    let top = first * g.strideHeight - g.padTop
    let bottom =
      (first + rows - 1) * g.strideHeight - g.padTop
      + (g.filterHeight - 1) * g.dilationHeight + 1
    guard !padded else { return (image, first, rows, top..<bottom) }
    let lower = min(max(0, top), g.inputHeight - 1)
    let upper = max(min(g.inputHeight, bottom), lower + 1)
    return (image, first, rows, lower..<upper)
  }
}
