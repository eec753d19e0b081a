/// What every register tile of one GEMM reads besides its rows of A: B packed in column panels
/// (``PackedGEMM/pack(_:rows:columns:rowStride:into:)``, panel `p` at `packed + p × panelStride`),
/// and the `n` columns of C.
struct PanelSource {
  let n: Int
  let packed: UnsafePointer<Float>
  let panelStride: Int

  /// Column panel `panel`: its first column of C, how many of its columns C has, and its data.
  @inline(__always)
  func panel(_ panel: Int) -> (first: Int, columns: Int, b: UnsafePointer<Float>) {
    let first = panel &* KernelTarget.columnTile
    return (first, min(KernelTarget.columnTile, n &- first), packed + panel &* panelStride)
  }
}

/// The rows of A that a GEMM reads, as its register tiles take them: each row is `segments`
/// runs of `segmentLength` floats. Two kinds, so that each micro-kernel is compiled for each:
/// ``MatrixRows`` (the direct GEMM) and ``TableRows`` (A gathered through pointers).
protocol RowsOfA {
  associatedtype Tile: TileOfA
  /// Floats per run.
  var segmentLength: Int { get }
  /// The rows of register tile rows `row ..< row + count` (1...rowTile of them).
  func tile(_ row: Int, count: Int) -> Tile
}

/// The rows of A of one register tile. Rows past the tile's row count read its first row again
/// (in bounds; their sums are not kept).
protocol TileOfA {
  /// Runs per row.
  var segments: Int { get }
  /// The eight rows' pointers to run `s`.
  func segment(_ s: Int) -> TileRowPointers
}

/// Rows of a matrix, `lda` floats apart, each one run of K floats.
struct MatrixRows: RowsOfA {
  let a: UnsafePointer<Float>
  let lda, segmentLength: Int

  @inline(__always)
  func tile(_ row: Int, count: Int) -> MatrixTile {
    MatrixTile(a: a + row &* lda, lda: lda, rows: count)
  }
}

/// One register tile of ``MatrixRows``: `rows` rows from `a`.
struct MatrixTile: TileOfA {
  let a: UnsafePointer<Float>
  let lda, rows: Int
  var segments: Int { 1 }

  @inline(__always)
  func segment(_: Int) -> TileRowPointers {
    let tileRows = KernelTarget.rows
    let a0 = a
    let a1 = rows > 1 ? a0 + lda : a0
    let a2 = rows > 2 ? a1 + lda : a0
    let a3 = rows > 3 ? a2 + lda : a0
    let a4 = rows > 4 ? a3 + lda : a0
    let a5 = rows > 5 ? a4 + lda : a0
    let a6 = tileRows > 6 && rows > 6 ? a5 + lda : a0
    let a7 = tileRows > 7 && rows > 7 ? a6 + lda : a0
    return (a0, a1, a2, a3, a4, a5, a6, a7)
  }
}

/// Rows of a pointer table holding `segments` pointers per row, row after row.
struct TableRows: RowsOfA {
  let table: UnsafePointer<UnsafePointer<Float>>
  let segments, segmentLength: Int

  @inline(__always)
  func tile(_ row: Int, count: Int) -> TableTile {
    TableTile(table: table + row &* segments, segments: segments, rows: count)
  }
}

/// One register tile of ``TableRows``: `rows` rows of the table from `table`.
struct TableTile: TileOfA {
  let table: UnsafePointer<UnsafePointer<Float>>
  let segments, rows: Int

  @inline(__always)
  func segment(_ s: Int) -> TileRowPointers {
    let tileRows = KernelTarget.rows
    // Offsets of each tile row's pointers in the table (rows past `rows` repeat row 0).
    let t1 = rows > 1 ? 1 &* segments : 0
    let t2 = rows > 2 ? 2 &* segments : 0
    let t3 = rows > 3 ? 3 &* segments : 0
    let t4 = rows > 4 ? 4 &* segments : 0
    let t5 = rows > 5 ? 5 &* segments : 0
    let t6 = tileRows > 6 && rows > 6 ? 6 &* segments : 0
    let t7 = tileRows > 7 && rows > 7 ? 7 &* segments : 0
    return (
      table[s], table[t1 &+ s], table[t2 &+ s], table[t3 &+ s], table[t4 &+ s], table[t5 &+ s],
      table[t6 &+ s], table[t7 &+ s]
    )
  }
}

/// One pointer into A per register tile row.
typealias TileRowPointers = (
  UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>,
  UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>
)

/// The accumulators of one register tile: up to eight rows (``KernelTarget/rowTile``) of `V`,
/// kept in registers by the micro-kernels that inline these functions.
struct RegisterTile<V: SIMD> where V.Scalar == Float {
  var c0: V, c1: V, c2: V, c3: V, c4: V, c5: V, c6: V, c7: V

  /// Every row starting from `start`.
  @inline(__always)
  init(_ start: V) {
    (c0, c1, c2, c3, c4, c5, c6, c7) = (start, start, start, start, start, start, start, start)
  }

  /// Adds the products of `rows` (every run of `length` floats, in order) with the packed
  /// panel at `b`: one multiply-add per row and step, each step reading the next `V` of the
  /// panel (a whole panel row, `columnTile` floats, apart).
  @inline(__always)
  mutating func accumulate<Rows: TileOfA>(_ rows: Rows, length: Int, b: UnsafePointer<Float>) {
    var p = b
    for s in 0..<rows.segments { accumulate(rows.segment(s), 0..<length, &p) }
  }

  /// One multiply-add per row and step `kk` in `steps`, in increasing order: row `r` adds
  /// `a.r[kk] × b`, with `b` the next `V` of the packed panel at `p` (advanced by a whole
  /// panel row, `columnTile` floats, per step).
  @inline(__always)
  mutating func accumulate(
    _ a: TileRowPointers, _ steps: Range<Int>, _ p: inout UnsafePointer<Float>
  ) {
    var raw = UnsafeRawPointer(p)
    accumulate(a, steps, &raw, FloatPanelWeights.self, zeroPoint: V())
    p = raw.assumingMemoryBound(to: Float.self)
  }

  /// ``accumulate(_:_:_:)`` on a panel of weights stored as `W` says (`p` advanced by a whole
  /// panel row, `columnTile` weights, per step), `zeroPoint` in every lane where `W` subtracts it.
  @inline(__always)
  mutating func accumulate<W: PanelWeights>(
    _ a: TileRowPointers, _ steps: Range<Int>, _ p: inout UnsafeRawPointer, _: W.Type,
    zeroPoint: V
  ) {
    let tileRows = KernelTarget.rows
    let step = KernelTarget.columnTile &* W.elementBytes
    for kk in steps {
      let bv: V = W.load(p, zeroPoint: zeroPoint)
      p += step
      c0 = multiplyAdd(V(repeating: a.0[kk]), bv, c0)
      c1 = multiplyAdd(V(repeating: a.1[kk]), bv, c1)
      c2 = multiplyAdd(V(repeating: a.2[kk]), bv, c2)
      c3 = multiplyAdd(V(repeating: a.3[kk]), bv, c3)
      c4 = multiplyAdd(V(repeating: a.4[kk]), bv, c4)
      c5 = multiplyAdd(V(repeating: a.5[kk]), bv, c5)
      if tileRows > 6 { c6 = multiplyAdd(V(repeating: a.6[kk]), bv, c6) }
      if tileRows > 7 { c7 = multiplyAdd(V(repeating: a.7[kk]), bv, c7) }
    }
  }

  /// Stores rows `0 ..< rows`, clamped to `lower...upper` (NaN kept), row `i` at `c + i × ldc`:
  /// whole vectors when `columns` is the vector width, else the first `columns` lanes.
  @inline(__always)
  func storeClamped(
    rows: Int, lower: V, upper: V, _ c: UnsafeMutablePointer<Float>, ldc: Int, columns: Int
  ) {
    if columns == V.scalarCount {
      forEachRow(rows) { store(clamp($0, lower, upper), c + $1 &* ldc) }
    } else {
      forEachRow(rows) { storePartial(clamp($0, lower, upper), c + $1 &* ldc, columns) }
    }
  }

  /// Calls `body(row, i)` for the accumulators of rows `i` in `0 ..< rows`, in order.
  @inline(__always)
  func forEachRow(_ rows: Int, _ body: (_ row: V, _ i: Int) -> Void) {
    let tileRows = KernelTarget.rows
    body(c0, 0)
    if rows > 1 { body(c1, 1) }
    if rows > 2 { body(c2, 2) }
    if rows > 3 { body(c3, 3) }
    if rows > 4 { body(c4, 4) }
    if rows > 5 { body(c5, 5) }
    if tileRows > 6 && rows > 6 { body(c6, 6) }
    if tileRows > 7 && rows > 7 { body(c7, 7) }
  }
}
