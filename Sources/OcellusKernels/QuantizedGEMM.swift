#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// Integer GEMM (8-bit operands, exact Int32 sums, TFLite requantization) on the single-precision
/// FMA micro-kernel of ``PackedGEMM``.
///
/// A and B hold integer-valued floats (8-bit values minus their zero points, so at most 255 in
/// magnitude): every product is exact in float, and so is every running sum of up to `chunk`
/// products started from ``Requantization/magic`` while it stays below 2^22. The K range is
/// cut into chunks of `chunk` steps; each chunk runs the float micro-kernel, and its exact sums
/// are converted to Int32 and added (wrapping, as TFLite's int32 accumulator does) to the
/// running total. The total is then
/// requantized per column (``RequantizationTable``) and stored as bytes. Results depend only on
/// the operands, never on the tiling or the thread that computed them.
enum QuantizedGEMM {
  typealias Vector = KernelTarget.Vector
  typealias HalfVector = KernelTarget.HalfVector

  /// Int32 entries per row of the accumulator tile (one panel's columns).
  @inline(__always) static var tileStride: Int { KernelTarget.columnTile }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  @inline(never)
  static func multiply(_ o: QuantizedGEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let tiles = Tiles(
      weights: WeightPanels(n: o.n, packed: o.packed, panelStride: o.panelStride, format: o.format),
      rowsOfA: MatrixRows(a: o.a, lda: o.lda, segmentLength: o.k), chunk: o.chunk,
      output: RequantizedTiles(requantization: o.requantization, c: o.c, ldc: o.ldc))
    tiles.run(rows: rows, panels: panels, m: o.m)
  }

  /// Computes rows `rows` of the exact Int32 sums for the column panels `panels` (both clipped
  /// to the matrix): ``multiply(_:rows:panels:)`` without the requantization.
  @inline(never)
  static func sums(_ o: ExactSumsOperands, rows: Range<Int>, panels: Range<Int>) {
    let tiles = Tiles(
      weights: WeightPanels(n: o.n, packed: o.packed, panelStride: o.panelStride, format: o.format),
      rowsOfA: MatrixRows(a: o.a, lda: o.lda, segmentLength: o.k), chunk: o.chunk,
      output: SumTiles(sums: o.sums, ldc: o.ldc))
    tiles.run(rows: rows, panels: panels, m: o.m)
  }

  /// The fewest rows for which a GEMM widens each byte panel to floats once (a panel of `k`
  /// steps costs about as much to widen as `k / 4` rows' products with it) rather than as
  /// every register tile reads it (one widening per step and tile, about 10–25 % slower).
  @inline(__always) static var unpackedRows: Int { 32 }

  /// Rows of C whose Int32 sums are gathered before one requantization pass (eight register
  /// tiles).
  @inline(__always) static var blockRows: Int { KernelTarget.rows &* 8 }

  /// One integer GEMM as its register tiles see it: B, the rows of A, the chunk length and
  /// where the sums go.
  struct Tiles<Rows: RowsOfA, Output: TileOutput> {
    let weights: WeightPanels
    let rowsOfA: Rows
    let chunk: Int
    let output: Output

    /// ``run(rows:panels:)`` on rows `rows` and panels `panels` clipped to the `m × n` matrix;
    /// nothing when a length is negative or the chunk is not positive.
    @inline(__always)
    func run(rows: Range<Int>, panels: Range<Int>, m: Int) {
      let rows = rows.clamped(to: 0..<max(m, 0))
      let panels = panels.clamped(to: 0..<PackedGEMM.panelCount(columns: max(weights.n, 0)))
      guard !rows.isEmpty, !panels.isEmpty, rowsOfA.segmentLength >= 0, chunk > 0 else { return }
      run(rows: rows, panels: panels)
    }

    /// Computes rows `rows` × panels `panels` (both already clipped): per panel, blocks of
    /// ``blockRows`` rows are summed register tile by register tile into an Int32 tile on the
    /// stack, then handed to the output together. Byte panels are widened to floats on the stack first,
    /// a panel at a time, when enough rows share them (``unpackedRows``).
    @inline(__always)
    func run(rows: Range<Int>, panels: Range<Int>) {
      guard weights.format != .float, rows.count >= QuantizedGEMM.unpackedRows else {
        run(rows: rows, panels: panels, unpacked: nil)
        return
      }
      withUnsafeTemporaryAllocation(of: Float.self, capacity: weights.panelStride) {
        run(rows: rows, panels: panels, unpacked: $0.baseAddress)
      }
    }

    /// ``run(rows:panels:)`` with each panel first widened into `unpacked` (room for one
    /// panel of floats) when given, else read as stored.
    @inline(__always)
    func run(rows: Range<Int>, panels: Range<Int>, unpacked: UnsafeMutablePointer<Float>?) {
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64 * 16) { buffer in
        guard let tile = buffer.baseAddress else { return }
        for panel in panels {
          var (first, columns, b) = weights.panel(panel)
          var format = weights.format
          if let unpacked {
            weights.unpack(b, into: unpacked)
            (b, format) = (UnsafeRawPointer(unpacked), .float)
          }
          var block = rows.lowerBound
          while block < rows.upperBound {
            let blockEnd = min(rows.upperBound, block &+ blockRows)
            var row = block
            while row < blockEnd {
              let count = min(KernelTarget.rows, blockEnd &- row)
              let pointers = rowsOfA.tile(row, count: count)
              let sums = tile + (row &- block) &* tileStride
              QuantizedGEMM.registerTile(
                pointers, rows: count, length: rowsOfA.segmentLength, chunk: chunk,
                columns: columns, b: b, format: format, tile: sums)
              row &+= KernelTarget.rows
            }
            output.store(
              tile, stride: tileStride, rows: block..<blockEnd, columns: first..<first &+ columns)
            block = blockEnd
          }
        }
      }
    }
  }

  /// The micro-kernel for one register tile (``QuantizedGEMM/Tiles``): the whole vector
  /// when the panel has more than half a vector of columns, else half.
  @inline(__always)
  static func registerTile<Rows: TileOfA>(
    _ pointers: Rows, rows: Int, length: Int, chunk: Int, columns: Int, b: UnsafeRawPointer,
    format: PanelFormat, tile: UnsafeMutablePointer<Int32>
  ) {
    if columns > HalfVector.scalarCount {
      registerTile(
        Vector.self, pointers, rows: rows, length: length, chunk: chunk, b: b, format: format,
        tile: tile)
    } else {
      registerTile(
        HalfVector.self, pointers, rows: rows, length: length, chunk: chunk, b: b,
        format: format, tile: tile)
    }
  }

  /// ``registerTile(_:rows:length:chunk:columns:b:format:tile:)`` on vectors `V`: the
  /// micro-kernel for the panel's weight format.
  @inline(__always)
  static func registerTile<V: SIMD, Rows: TileOfA>(
    _: V.Type, _ pointers: Rows, rows: Int, length: Int, chunk: Int, b: UnsafeRawPointer,
    format: PanelFormat, tile: UnsafeMutablePointer<Int32>
  ) where V.Scalar == Float {
    switch format {
    case .float:
      kernel(
        V.self, FloatPanelWeights.self, pointers, rows: rows, length: length, chunk: chunk, b: b,
        zeroPoint: 0, tile: tile)
    case .int8:
      kernel(
        V.self, Int8PanelWeights.self, pointers, rows: rows, length: length, chunk: chunk, b: b,
        zeroPoint: 0, tile: tile)
    case .uint8(let zeroPoint):
      kernel(
        V.self, UInt8PanelWeights.self, pointers, rows: rows, length: length, chunk: chunk, b: b,
        zeroPoint: zeroPoint, tile: tile)
    }
  }

  /// The micro-kernel: the `rows` rows of A in `pointers` (runs of `length` floats), run by
  /// run, times the panel at `b` (weights stored as `W` says, `zeroPoint` subtracted where it
  /// applies), adding to the Int32 tile every `chunk` steps (a chunk may end inside a run),
  /// leaving the exact sums in rows `0 ..< rows` of `tile` (`V.scalarCount` lanes per row;
  /// rows past `rows` re-read row 0 and are not kept). A function of its own (specialized per
  /// vector width, weight format and kind of rows), so that its accumulators keep their
  /// registers.
  @inline(never)
  static func kernel<V: SIMD, W: PanelWeights, Rows: TileOfA>(
    _: V.Type, _: W.Type, _ pointers: Rows, rows: Int, length: Int, chunk: Int,
    b: UnsafeRawPointer, zeroPoint: Int32, tile: UnsafeMutablePointer<Int32>
  ) where V.Scalar == Float {
    let start = V(repeating: Requantization.magic)
    let offset = V(repeating: Float(zeroPoint))
    var sums = RegisterTile(start)
    var p = b
    var used = 0
    var partial = false
    for s in 0..<pointers.segments {
      let a = pointers.segment(s)
      var kk = 0
      while kk < length {
        if used == chunk {
          flush(sums, rows: rows, tile: tile, first: !partial)
          partial = true
          used = 0
          sums = RegisterTile(start)
        }
        let end = kk &+ min(length &- kk, chunk &- used)
        used &+= end &- kk
        sums.accumulate(a, kk..<end, &p, W.self, zeroPoint: offset)
        kk = end
      }
    }
    flush(sums, rows: rows, tile: tile, first: !partial)
  }

  /// Adds one chunk's sums (rows `0 ..< rows` of the register tile) to the Int32 tile, or sets
  /// the tile to them for the first chunk.
  @inline(__always)
  static func flush<V: SIMD>(
    _ sums: RegisterTile<V>, rows: Int, tile: UnsafeMutablePointer<Int32>, first: Bool
  ) where V.Scalar == Float {
    sums.forEachRow(rows) { flushRow($0, tile + $1 &* tileStride, first) }
  }

  /// ``flush(_:rows:tile:first:)`` for one row.
  @inline(__always)
  static func flushRow<V: SIMD>(_ c: V, _ row: UnsafeMutablePointer<Int32>, _ first: Bool)
  where V.Scalar == Float {
    for half in 0..<(V.scalarCount + 7) / 8 {
      let at = row + 8 &* half
      var sum = Requantization.sums(c, half: half)
      if !first { sum &+= Requantization.load(at) }
      UnsafeMutableRawPointer(at).storeBytes(of: sum, as: SIMD8<Int32>.self)
    }
  }
}
