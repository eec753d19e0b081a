internal import OcellusKernels

/// Runs a packed GEMM, `C = clamp(A · B + bias)`, split over threads.
///
/// The work is cut into row blocks (multiples of the register tile's MR rows, small enough
/// for a block of A to stay in L2) times column panels; each thread takes a contiguous run of
/// (block, panel) items, panels varying fastest so that its block of A is reused. Every element
/// is computed whole by one micro-kernel call, so the split never changes a result.
enum GEMM {
  /// Floats of A that one row block should hold at most (256 KiB).
  static let blockFloats = 1 << 16
  /// Multiply-adds below which a chunk is not worth handing to another thread (waking a
  /// thread costs several microseconds).
  static let minimumChunkWork = 1 << 17

  /// `c[i][j] = clamp(sum_k a[i * lda + k] * B[k][j] + bias[j])` for `i < m`, `j < n`, with B
  /// packed by `kernels` (`kernels.entry.packedCount(k, n)` floats at `packed`).
  static func multiply(
    kernels: KernelSet, m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int,
    packed: UnsafePointer<Float>, bias: UnsafePointer<Float>?, activation: FusedActivation,
    c: UnsafeMutablePointer<Float>, ldc: Int, pool: ThreadPool
  ) {
    let operands: GEMMOperands = (
      m: m, n: n, k: k, a: a, lda: lda, packed: packed, panelStride: k * kernels.columnTile,
      bias: bias, lower: activation.lower, upper: activation.upper, c: c, ldc: ldc
    )
    let multiply = kernels.entry.multiply
    split(kernels: kernels, m: m, n: n, k: k, pool: pool) { multiply(operands, $0, $1) }
  }

  /// Calls `body(rows, panels)` over row blocks × column panels covering `m × n`, in parallel.
  /// `outputBytes`: the size of one element of C (1 for 8-bit outputs).
  static func split(
    kernels: KernelSet, m: Int, n: Int, k: Int, outputBytes: Int = 4, pool: ThreadPool,
    _ body: (Range<Int>, Range<Int>) -> Void
  ) {
    split(kernels: kernels, m: m, n: n, k: k, outputBytes: outputBytes, pool: pool) {
      rows, panels, _ in body(rows, panels)
    }
  }

  /// Panels a thread takes together so that two threads never write one cache line of a row
  /// of C (64 bytes: four 16-column panels of bytes, one of floats).
  static func panelsPerItem(kernels: KernelSet, outputBytes: Int) -> Int {
    max(1, 64 / max(1, kernels.columnTile * outputBytes))
  }

  /// The most rows a block of ``split(kernels:m:n:k:pool:onThread:)`` has for depth `k`.
  static func maximumBlockRows(kernels: KernelSet, k: Int) -> Int {
    let tile = kernels.rowTile
    return max(tile, blockFloats / max(k, 1) / tile * tile)
  }

  /// Calls `body(rows, panels, thread)` over row blocks × column panels covering `m × n`, in
  /// parallel; `thread` (0..<`pool.threadCount`) runs one call at a time, so `body` may use
  /// scratch of its own per thread. A block has at most ``maximumBlockRows(kernels:k:)`` rows.
  ///
  /// When there are rows for every thread to get a few tiles, the pool hands out ranges of
  /// row tiles (threads then share no cache line of C except where their rows meet, and the
  /// last ranges are a tile each); else items are a row block × a group of panels that fills
  /// whole cache lines of a row of C.
  static func split(
    kernels: KernelSet, m: Int, n: Int, k: Int, outputBytes: Int = 4, pool: ThreadPool,
    onThread body: (Range<Int>, Range<Int>, _ thread: Int) -> Void
  ) {
    guard m > 0, n > 0 else { return }
    let tile = kernels.rowTile
    let rowTiles = (m + tile - 1) / tile
    if rowTiles >= 4 * pool.threadCount {
      splitRows(kernels: kernels, m: m, n: n, k: k, pool: pool, body)
    } else {
      splitPanels(kernels: kernels, m: m, n: n, k: k, outputBytes: outputBytes, pool: pool, body)
    }
  }

  /// ``split(kernels:m:n:k:outputBytes:pool:onThread:)`` over ranges of row tiles, each
  /// called in blocks of at most ``maximumBlockRows(kernels:k:)`` rows with every panel.
  private static func splitRows(
    kernels: KernelSet, m: Int, n: Int, k: Int, pool: ThreadPool,
    _ body: (Range<Int>, Range<Int>, _ thread: Int) -> Void
  ) {
    let tile = kernels.rowTile
    let panels = kernels.entry.panelCount(n)
    let blockRows = maximumBlockRows(kernels: kernels, k: k)
    let tileWork = tile * max(k, 1) * kernels.columnTile * panels
    let minimumChunk = max(1, minimumChunkWork / max(tileWork, 1))
    pool.parallelFor((m + tile - 1) / tile, minimumChunk: minimumChunk) { tiles, thread in
      var row = tiles.lowerBound * tile
      let end = min(m, tiles.upperBound * tile)
      while row < end {
        let next = min(end, row + blockRows)
        body(row..<next, 0..<panels, thread)
        row = next
      }
    }
  }

  /// ``split(kernels:m:n:k:outputBytes:pool:onThread:)`` over items of a row block × a group
  /// of panels, blocks small enough for every thread to get a few items.
  private static func splitPanels(
    kernels: KernelSet, m: Int, n: Int, k: Int, outputBytes: Int, pool: ThreadPool,
    _ body: (Range<Int>, Range<Int>, _ thread: Int) -> Void
  ) {
    let tile = kernels.rowTile
    let panels = kernels.entry.panelCount(n)
    let groupPanels = panelsPerItem(kernels: kernels, outputBytes: outputBytes)
    let groups = (panels + groupPanels - 1) / groupPanels
    // Enough items for every thread to get a few, without going below one tile of rows.
    let wantedBlocks = (pool.threadCount * 4 + groups - 1) / groups
    let rowsPerBlock = (m + wantedBlocks - 1) / wantedBlocks
    let blockRows = min(
      maximumBlockRows(kernels: kernels, k: k), max(tile, (rowsPerBlock + tile - 1) / tile * tile))
    let blocks = (m + blockRows - 1) / blockRows
    let itemWork = min(blockRows, m) * max(k, 1) * kernels.columnTile * groupPanels
    let minimumChunk = max(1, minimumChunkWork / max(itemWork, 1))
    pool.parallelFor(blocks * groups, minimumChunk: minimumChunk) { items, thread in
      var item = items.lowerBound
      while item < items.upperBound {
        let block = item / groups
        let firstGroup = item % groups
        let endGroup = min(groups, firstGroup + (items.upperBound - item))
        let firstRow = block * blockRows
        body(
          firstRow..<min(m, firstRow + blockRows),
          (firstGroup * groupPanels)..<min(panels, endGroup * groupPanels), thread)
        item += endGroup - firstGroup
      }
    }
  }
}
