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
public enum QuantizedGEMM {
  typealias Vector = KernelTarget.Vector
  typealias HalfVector = KernelTarget.HalfVector

  /// Int32 entries per row of the accumulator tile (one panel's columns).
  @inline(__always) static var tileStride: Int { KernelTarget.columnTile }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  @inline(never)
  public static func multiply(_ o: QuantizedGEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let width = KernelTarget.columnTile
    let rows = rows.clamped(to: 0..<max(o.m, 0))
    let panels = panels.clamped(to: 0..<PackedGEMM.panelCount(columns: max(o.n, 0)))
    guard !rows.isEmpty, !panels.isEmpty, o.k >= 0, o.chunk > 0 else { return }
    withTile { tile in
      for panel in panels {
        let first = panel &* width
        let columns = min(width, o.n &- first)
        let b = o.packed + panel &* o.panelStride
        var block = rows.lowerBound
        while block < rows.upperBound {
          let blockEnd = min(rows.upperBound, block &+ blockRows)
          var row = block
          while row < blockEnd {
            let count = min(KernelTarget.rows, blockEnd &- row)
            let a = o.a + row &* o.lda
            let sums = tile + (row &- block) &* tileStride
            if columns > HalfVector.scalarCount {
              kernel(
                Vector.self, k: o.k, chunk: o.chunk, a: a, lda: o.lda, rows: count, b: b,
                tile: sums)
            } else {
              kernel(
                HalfVector.self, k: o.k, chunk: o.chunk, a: a, lda: o.lda, rows: count, b: b,
                tile: sums)
            }
            row &+= KernelTarget.rows
          }
          Requantization.rows(
            tile, stride: tileStride, rows: blockEnd &- block, count: columns, column: first,
            o.requantization, o.c + block &* o.ldc + first, ldc: o.ldc)
          block = blockEnd
        }
      }
    }
  }

  /// Rows of C whose Int32 sums are gathered before one requantization pass (eight register
  /// tiles).
  @inline(__always) static var blockRows: Int { KernelTarget.rows &* 8 }

  /// Runs `body` with an Int32 tile of ``blockRows`` × `columnTile` on the stack: the register
  /// tiles' sums, added up over chunks when K takes more than one, then requantized together.
  @inline(__always)
  static func withTile(_ body: (UnsafeMutablePointer<Int32>) -> Void) {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64 * 16) { tile in
      guard let tile = tile.baseAddress else { return }
      body(tile)
    }
  }

  /// The micro-kernel: `rows` (1...rowTile) rows of A times one packed panel, chunk by chunk,
  /// leaving the exact sums in rows `0 ..< rows` of the Int32 tile `tile` (`V.scalarCount`
  /// lanes per row; rows past `rows` re-read row 0 and are not kept).
  @inline(__always)
  static func kernel<V: SIMD>(
    _: V.Type, k: Int, chunk: Int, a: UnsafePointer<Float>, lda: Int, rows: Int,
    b: UnsafePointer<Float>, tile: UnsafeMutablePointer<Int32>
  ) where V.Scalar == Float {
    let tileRows = KernelTarget.rows
    let a0 = a
    let a1 = rows > 1 ? a0 + lda : a0
    let a2 = rows > 2 ? a1 + lda : a0
    let a3 = rows > 3 ? a2 + lda : a0
    let a4 = rows > 4 ? a3 + lda : a0
    let a5 = rows > 5 ? a4 + lda : a0
    let a6 = tileRows > 6 && rows > 6 ? a5 + lda : a0
    let a7 = tileRows > 7 && rows > 7 ? a6 + lda : a0
    let start = V(repeating: Requantization.magic)
    var c0 = start
    var c1 = start
    var c2 = start
    var c3 = start
    var c4 = start
    var c5 = start
    var c6 = start
    var c7 = start
    var p = b
    let step = KernelTarget.columnTile
    var kk = 0
    var partial = false
    while true {
      let end = min(k, kk &+ chunk)
      while kk < end {
        let bv: V = load(p)
        p += step
        c0 = multiplyAdd(V(repeating: a0[kk]), bv, c0)
        c1 = multiplyAdd(V(repeating: a1[kk]), bv, c1)
        c2 = multiplyAdd(V(repeating: a2[kk]), bv, c2)
        c3 = multiplyAdd(V(repeating: a3[kk]), bv, c3)
        c4 = multiplyAdd(V(repeating: a4[kk]), bv, c4)
        c5 = multiplyAdd(V(repeating: a5[kk]), bv, c5)
        if tileRows > 6 { c6 = multiplyAdd(V(repeating: a6[kk]), bv, c6) }
        if tileRows > 7 { c7 = multiplyAdd(V(repeating: a7[kk]), bv, c7) }
        kk &+= 1
      }
      if kk >= k { break }
      flush(c0, c1, c2, c3, c4, c5, c6, c7, rows: rows, tile: tile, first: !partial)
      partial = true
      c0 = start
      c1 = start
      c2 = start
      c3 = start
      c4 = start
      c5 = start
      c6 = start
      c7 = start
    }
    flush(c0, c1, c2, c3, c4, c5, c6, c7, rows: rows, tile: tile, first: !partial)
  }

  /// Adds one chunk's sums (rows `0 ..< rows` of the register tile) to the Int32 tile, or sets
  /// the tile to them for the first chunk.
  @inline(__always)
  static func flush<V: SIMD>(
    _ c0: V, _ c1: V, _ c2: V, _ c3: V, _ c4: V, _ c5: V, _ c6: V, _ c7: V, rows: Int,
    tile: UnsafeMutablePointer<Int32>, first: Bool
  ) where V.Scalar == Float {
    flushRow(c0, tile, first)
    if rows > 1 { flushRow(c1, tile + tileStride, first) }
    if rows > 2 { flushRow(c2, tile + 2 &* tileStride, first) }
    if rows > 3 { flushRow(c3, tile + 3 &* tileStride, first) }
    if rows > 4 { flushRow(c4, tile + 4 &* tileStride, first) }
    if rows > 5 { flushRow(c5, tile + 5 &* tileStride, first) }
    if KernelTarget.rows > 6 && rows > 6 { flushRow(c6, tile + 6 &* tileStride, first) }
    if KernelTarget.rows > 7 && rows > 7 { flushRow(c7, tile + 7 &* tileStride, first) }
  }

  /// ``flush(_:_:_:_:_:_:_:_:rows:tile:first:)`` for one row.
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
