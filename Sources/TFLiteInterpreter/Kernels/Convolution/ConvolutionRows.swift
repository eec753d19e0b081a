/// How CONV_2D feeds the rows of A to its GEMM, for the float and the quantized kernels alike:
/// for 1×1 stride-1 convolutions the input (float, or widened to floats) is A as it is;
/// otherwise each output pixel's row of A is gathered through pointers into the input — one run
/// of `KW × IC` floats per filter row (per tap when the width is dilated) — and only pixels
/// whose window crosses the border are copied, zero-padded, into scratch (im2col). One parallel
/// loop covers every output pixel in whole register tiles; each thread gathers the rows it
/// multiplies (every panel) in blocks small enough for its own block scratch to stay in L2.
/// A kernel whose input needs preparing (the quantized one widens it to floats) can have each
/// thread prepare just the input rows of each block, in its block scratch
/// (``forEachWindowedBlock(prepare:scratch:outputChannels:kernels:pool:_:)``).
struct ConvolutionRows {
  let geometry: ConvolutionGeometry
  /// GEMM depth: `KH × KW × IC`.
  let depth: Int
  /// Runs of A per output pixel: one per filter row, or per tap when the width is dilated.
  let segments: Int
  /// Output pixels per block of gathered rows (0 when the input is the A matrix as it is).
  let blockRows: Int
  /// Bytes at the start of the block scratch for the row pointers (`blockRows × segments`).
  let pointerBytes: Int
  /// Threads that gather at once, each into block scratch of its own.
  let threads: Int
  /// Floats at the end of each thread's block scratch for the input rows of a block (a
  /// multiple of 16; 0 unless planned with `windows`).
  let windowFloats: Int

  /// The plan for `geometry` on the GEMM tiles of `kernels`, for a pool of `threads`; with
  /// `windows`, each thread's block scratch has room for the input rows of one block.
  init(_ geometry: ConvolutionGeometry, kernels: KernelSet, threads: Int, windows: Bool = false) {
    self.threads = max(threads, 1)
    self.geometry = geometry
    depth = geometry.filterHeight * geometry.filterWidth * geometry.inputChannels
    segments =
      geometry.dilationWidth == 1
      ? geometry.filterHeight : geometry.filterHeight * geometry.filterWidth
    if geometry.isPointwise {
      blockRows = 0
    } else {
      // Scratch per block: a pointer per segment and room to copy every row (border rows).
      let tile = kernels.rowTile
      let perRow = depth + 2 * segments
      let rows = geometry.batch * geometry.outputPixels
      blockRows = min(rows, max(tile, GEMM.blockFloats / max(perRow, 1) / tile * tile))
    }
    pointerBytes = (blockRows * segments * MemoryLayout<UnsafePointer<Float>>.stride + 63) / 64 * 64
    let windowRows = ConvolutionInputWindow.maximumRows(geometry, pixels: blockRows)
    let rowFloats = geometry.inputWidth * geometry.inputChannels
    windowFloats = windows && blockRows > 0 ? (windowRows * rowFloats + 15) / 16 * 16 : 0
  }

  /// True when the input rows are A as they are (no gathering).
  var isDirect: Bool { blockRows == 0 }

  /// Bytes of scratch for one thread's block: the pointers, room to copy every row, then the
  /// block's input rows when planned with windows.
  var blockScratchBytes: Int {
    pointerBytes + (blockRows * depth + windowFloats) * MemoryLayout<Float>.size
  }

  /// Bytes of scratch for every thread's block.
  var scratchBytes: Int { blockScratchBytes * threads }

  /// Floats of A per segment.
  var segmentLength: Int { depth / max(segments, 1) }

  /// Covers every output pixel (``isDirect`` is false), in parallel over register tiles of
  /// rows: each thread gathers its rows of `input`, a block at a time, into its own
  /// ``blockScratchBytes`` of `scratch`, and calls `multiply(start, count, table, part)` to
  /// compute rows `part` of the block of `count` output pixels from pixel `start`, whose
  /// pointer table (`segments` per row) is `table`.
  func forEachBlock(
    input: UnsafePointer<Float>, scratch: UnsafeMutableRawPointer, outputChannels: Int,
    kernels: KernelSet, pool: ThreadPool,
    _ multiply: (
      _ start: Int, _ count: Int, _ table: UnsafePointer<UnsafePointer<Float>>, _ part: Range<Int>
    ) -> Void
  ) {
    let (g, segments, blockRows) = (geometry, segments, blockRows)
    forEachRange(scratch: scratch, outputChannels: outputChannels, kernels: kernels, pool: pool) {
      pixels, own in
      var start = pixels.lowerBound
      while start < pixels.upperBound {
        let count = min(blockRows, pixels.upperBound - start)
        Self.gather(
          g, input: input, rows: start..<(start + count), segments: segments,
          pointers: own.pointers, patches: own.patches)
        multiply(start, count, UnsafePointer(own.pointers), 0..<count)
        start += count
      }
    }
  }

  /// ``forEachBlock(input:scratch:outputChannels:kernels:pool:_:)`` for a plan with windows,
  /// where no prepared input exists: for each block (within one image), the thread first calls
  /// `prepare(image, rows, window)` to write input rows `rows` of image `image` (as floats,
  /// `inputWidth × inputChannels` per row) to `window`, in its own block scratch, and gathers
  /// from there. A block's rows are then still in the thread's cache when it multiplies them,
  /// and the other thread never reads them.
  func forEachWindowedBlock(
    prepare: (_ image: Int, _ rows: Range<Int>, _ window: UnsafeMutablePointer<Float>) -> Void,
    scratch: UnsafeMutableRawPointer, outputChannels: Int, kernels: KernelSet, pool: ThreadPool,
    _ multiply: (
      _ start: Int, _ count: Int, _ table: UnsafePointer<UnsafePointer<Float>>, _ part: Range<Int>
    ) -> Void
  ) {
    precondition(windowFloats > 0, "the plan has no room for windows")
    let (g, segments, blockRows, windowFloats) = (geometry, segments, blockRows, windowFloats)
    let (imagePixels, rowFloats) = (g.outputPixels, g.inputWidth * g.inputChannels)
    forEachRange(scratch: scratch, outputChannels: outputChannels, kernels: kernels, pool: pool) {
      pixels, own in
      var start = pixels.lowerBound
      while start < pixels.upperBound {
        let image = start / imagePixels
        let first = start - image * imagePixels
        let count = min(blockRows, pixels.upperBound - start, imagePixels - first)
        let window = ConvolutionInputWindow(g, pixels: first..<(first + count))
        precondition(window.rows.count * rowFloats <= windowFloats, "the window outgrew its room")
        prepare(image, window.rows, own.window)
        Self.gather(
          window.geometry, input: own.window, rows: first..<(first + count), segments: segments,
          pointers: own.pointers, patches: own.patches)
        multiply(start, count, UnsafePointer(own.pointers), 0..<count)
        start += count
      }
    }
  }

  /// One thread's block scratch: the row pointers, the copied rows, the input window.
  private typealias BlockScratch = (
    pointers: UnsafeMutablePointer<UnsafePointer<Float>>, patches: UnsafeMutablePointer<Float>,
    window: UnsafeMutablePointer<Float>
  )

  /// Splits the output pixels over `pool` in whole register tiles and calls `body(pixels,
  /// scratch)` with each range and the block scratch of the thread that runs it.
  private func forEachRange(
    scratch: UnsafeMutableRawPointer, outputChannels: Int, kernels: KernelSet, pool: ThreadPool,
    _ body: (_ pixels: Range<Int>, _ scratch: BlockScratch) -> Void
  ) {
    let g = geometry
    let (depth, segments, blockRows, blockBytes) = (
      self.depth, self.segments, self.blockRows, blockScratchBytes
    )
    let (rows, tile) = (g.batch * g.outputPixels, kernels.rowTile)
    let tileWork = tile * depth * outputChannels
    let (pointerBytes, threads) = (self.pointerBytes, self.threads)
    pool.parallelFor(
      (rows + tile - 1) / tile, minimumChunk: max(1, GEMM.minimumChunkWork / max(tileWork, 1))
    ) { tiles, thread in
      precondition(thread < threads, "more threads than the scratch was planned for")
      let own = scratch + thread * blockBytes
      let pointers = own.bindMemory(to: UnsafePointer<Float>.self, capacity: blockRows * segments)
      let floats = (own + pointerBytes).bindMemory(
        to: Float.self, capacity: (blockBytes - pointerBytes) / 4)
      let end = min(rows, tiles.upperBound * tile)
      body(tiles.lowerBound * tile..<end, (pointers, floats, floats + blockRows * depth))
    }
  }

  /// Sets the row pointers of output pixels `rows`: into the input where the whole filter
  /// window is inside the image, else into a zero-padded copy of the window (im2col) at
  /// `patches` (row `r` at `(r - rows.lowerBound) * depth`).
  @inline(never)
  static func gather(
    _ g: ConvolutionGeometry, input: UnsafePointer<Float>, rows: Range<Int>, segments: Int,
    pointers: UnsafeMutablePointer<UnsafePointer<Float>>, patches: UnsafeMutablePointer<Float>
  ) {
    // All offsets stay inside tensors whose sizes the factory checked, so wrapping arithmetic
    // cannot wrap.
    let channels = g.inputChannels
    let depth = g.filterHeight &* g.filterWidth &* channels
    let length = depth / max(segments, 1)
    let rowFloats = g.inputWidth &* channels
    // Steps between segments: filter rows, or taps (row-major) when the width is dilated.
    let perTap = segments != g.filterHeight
    let lastY = (g.filterHeight &- 1) &* g.dilationHeight
    // Output columns whose window is inside the image horizontally.
    let span = (g.filterWidth &- 1) &* g.dilationWidth
    var interior = 0..<0
    if g.inputWidth > span {
      let first = g.padLeft <= 0 ? 0 : (g.padLeft &+ g.strideWidth &- 1) / g.strideWidth
      let end = min(g.outputWidth, (g.inputWidth &- 1 &- span &+ g.padLeft) / g.strideWidth &+ 1)
      if first < end { interior = first..<end }
    }
    var table = pointers
    var patch = patches
    var row = rows.lowerBound
    g.forEachRun(of: rows, input: input) { image, y, columns in
      let originY = y &* g.strideHeight &- g.padTop
      let rowInside = originY >= 0 && originY &+ lastY < g.inputHeight
      let fast = rowInside ? interior.clamped(to: columns) : columns.lowerBound..<columns.lowerBound
      for column in columns {
        if fast.contains(column) {
          let window =
            image + (originY &* rowFloats &+ (column &* g.strideWidth &- g.padLeft) &* channels)
          pointInto(g, window: window, perTap: perTap, table)
        } else {
          Im2Col.fill(g, input: input, rows: row..<row &+ 1, into: patch)
          for s in 0..<segments { table[s] = UnsafePointer(patch + s &* length) }
        }
        table += segments
        patch += depth
        row &+= 1
      }
    }
  }

  /// Sets the `segments` pointers of one output pixel whose window (from `window`, its tap
  /// (0, 0)) is inside the image: one per filter row, or one per tap when `perTap`.
  @inline(__always)
  private static func pointInto(
    _ g: ConvolutionGeometry, window: UnsafePointer<Float>, perTap: Bool,
    _ table: UnsafeMutablePointer<UnsafePointer<Float>>
  ) {
    let rowFloats = g.inputWidth &* g.inputChannels
    guard perTap else {
      let step = g.dilationHeight &* rowFloats
      var start = window
      for ky in 0..<g.filterHeight {
        table[ky] = start
        start += step
      }
      return
    }
    for ky in 0..<g.filterHeight {
      for kx in 0..<g.filterWidth {
        table[ky &* g.filterWidth &+ kx] =
          window + (ky &* g.dilationHeight &* rowFloats &+ kx &* g.dilationWidth &* g.inputChannels)
      }
    }
  }
}
