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
  let lda: Int
  let segmentLength: Int

  @inline(__always)
  func tile(_ row: Int, count: Int) -> MatrixTile {
    let tileRows = KernelTarget.rows
    let a0 = a + row &* lda
    let a1 = count > 1 ? a0 + lda : a0
    let a2 = count > 2 ? a1 + lda : a0
    let a3 = count > 3 ? a2 + lda : a0
    let a4 = count > 4 ? a3 + lda : a0
    let a5 = count > 5 ? a4 + lda : a0
    let a6 = tileRows > 6 && count > 6 ? a5 + lda : a0
    let a7 = tileRows > 7 && count > 7 ? a6 + lda : a0
    return MatrixTile(rows: (a0, a1, a2, a3, a4, a5, a6, a7))
  }
}

/// One register tile of ``MatrixRows``.
struct MatrixTile: TileOfA {
  let rows: TileRowPointers
  var segments: Int { 1 }

  @inline(__always)
  func segment(_: Int) -> TileRowPointers { rows }
}

/// Rows of a pointer table holding `segments` pointers per row, row after row.
struct TableRows: RowsOfA {
  let table: UnsafePointer<UnsafePointer<Float>>
  let segments: Int
  let segmentLength: Int

  @inline(__always)
  func tile(_ row: Int, count: Int) -> TableTile {
    TableTile(table + row &* segments, segments: segments, rows: count)
  }
}

/// One register tile of ``TableRows``.
struct TableTile: TileOfA {
  let table: UnsafePointer<UnsafePointer<Float>>
  let segments: Int
  /// Offsets of tile rows 1...7 in the table (0 for rows past the tile's count).
  let t1: Int, t2: Int, t3: Int, t4: Int, t5: Int, t6: Int, t7: Int

  @inline(__always)
  init(_ table: UnsafePointer<UnsafePointer<Float>>, segments: Int, rows: Int) {
    let tileRows = KernelTarget.rows
    self.table = table
    self.segments = segments
    t1 = rows > 1 ? 1 &* segments : 0
    t2 = rows > 2 ? 2 &* segments : 0
    t3 = rows > 3 ? 3 &* segments : 0
    t4 = rows > 4 ? 4 &* segments : 0
    t5 = rows > 5 ? 5 &* segments : 0
    t6 = tileRows > 6 && rows > 6 ? 6 &* segments : 0
    t7 = tileRows > 7 && rows > 7 ? 7 &* segments : 0
  }

  @inline(__always)
  func segment(_ s: Int) -> TileRowPointers {
    (
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
    let tileRows = KernelTarget.rows
    let step = KernelTarget.columnTile
    for kk in steps {
      let bv: V = load(p)
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
      forEachRow(rows, c, ldc) { store(clamp($0, lower, upper), $1) }
    } else {
      forEachRow(rows, c, ldc) { storePartial(clamp($0, lower, upper), $1, columns) }
    }
  }

  /// Calls `body(row, c + i × ldc)` for rows `i` in `0 ..< rows`.
  @inline(__always)
  func forEachRow(
    _ rows: Int, _ c: UnsafeMutablePointer<Float>, _ ldc: Int,
    _ body: (V, UnsafeMutablePointer<Float>) -> Void
  ) {
    let tileRows = KernelTarget.rows
    body(c0, c)
    if rows > 1 { body(c1, c + ldc) }
    if rows > 2 { body(c2, c + 2 &* ldc) }
    if rows > 3 { body(c3, c + 3 &* ldc) }
    if rows > 4 { body(c4, c + 4 &* ldc) }
    if rows > 5 { body(c5, c + 5 &* ldc) }
    if tileRows > 6 && rows > 6 { body(c6, c + 6 &* ldc) }
    if tileRows > 7 && rows > 7 { body(c7, c + 7 &* ldc) }
  }
}
