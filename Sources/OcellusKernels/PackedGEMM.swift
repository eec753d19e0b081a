/// Single-precision GEMM on weights packed once into column panels, with a register-tiled
/// micro-kernel (``KernelTarget/rowTile`` × ``KernelTarget/columnTile`` accumulators).
///
/// Every element of C is computed by one chain: start from its bias (or 0), then one
/// multiply-add per k in increasing order, then the clamp. No element's sum depends on which
/// tile, call or thread computed it, so results are identical however the work is split.
public enum PackedGEMM {
  typealias Vector = KernelTarget.Vector
  typealias HalfVector = KernelTarget.HalfVector

  /// Number of column panels for `n` columns.
  public static func panelCount(columns n: Int) -> Int {
    (n + KernelTarget.columnTile - 1) / KernelTarget.columnTile
  }

  /// Floats needed to pack a `k × n` matrix B (the last panel is padded with zeros).
  public static func packedCount(rows k: Int, columns n: Int) -> Int {
    panelCount(columns: n) * k * KernelTarget.columnTile
  }

  /// Packs B from its transpose: `weights` holds `n` rows of `k` floats (row `j` at
  /// `weights + j * rowStride`), i.e. `B[kk][j] = weights[j * rowStride + kk]` — the layout of
  /// TFLite's fully-connected weights `[n][k]` and convolution filters `[OC][KH][KW][IC]`.
  ///
  /// Writes ``packedCount(rows:columns:)`` floats to `packed`: panel after panel, each `k`
  /// steps of `columnTile` floats.
  public static func pack(
    _ weights: UnsafePointer<Float>, rows n: Int, columns k: Int, rowStride: Int,
    into packed: UnsafeMutablePointer<Float>
  ) {
    let width = KernelTarget.columnTile
    var out = packed
    for panel in 0..<panelCount(columns: n) {
      let first = panel * width
      let valid = min(width, n - first)
      for kk in 0..<k {
        for j in 0..<valid { out[j] = weights[(first + j) * rowStride + kk] }
        for j in valid..<width { out[j] = 0 }
        out += width
      }
    }
  }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  ///
  /// Panels are the outer loop, so one packed panel stays in L1 while the rows stream by;
  /// callers keep `rows` small enough for those rows of A to stay in L2.
  @inline(never)
  public static func multiply(_ operands: GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let width = KernelTarget.columnTile
    let rows = rows.clamped(to: 0..<max(operands.m, 0))
    var panels = panels.clamped(to: 0..<panelCount(columns: max(operands.n, 0)))
    guard !rows.isEmpty, operands.k >= 0 else { return }
    let lower = operands.lower
    let upper = operands.upper
    if rows.count == 1 {
      // One row (a matrix-vector product): four panels at a time, so that four independent
      // accumulators hide the multiply-add latency instead of redundant tile rows.
      let a = operands.a + rows.lowerBound * operands.lda
      let c = operands.c + rows.lowerBound * operands.ldc
      while panels.count >= 4 && (panels.lowerBound + 4) * width <= operands.n {
        let first = panels.lowerBound * width
        rowTimesFourPanels(
          k: operands.k, a: a, b: operands.packed + panels.lowerBound * operands.panelStride,
          panelStride: operands.panelStride, bias: operands.bias.map { $0 + first },
          lower: Vector(repeating: lower), upper: Vector(repeating: upper), c: c + first)
        panels = panels.dropFirst(4)
      }
    }
    for panel in panels {
      let first = panel * width
      let columns = min(width, operands.n - first)
      let b = operands.packed + panel * operands.panelStride
      if columns > HalfVector.scalarCount {
        let bias: Vector = operands.bias.map { loadPartial($0 + first, columns) } ?? Vector()
        var row = rows.lowerBound
        while row < rows.upperBound {
          tile(
            k: operands.k, a: operands.a + row * operands.lda,
            lda: operands.lda, rows: min(KernelTarget.rows, rows.upperBound - row), b: b,
            bias: bias, lower: Vector(repeating: lower), upper: Vector(repeating: upper),
            c: operands.c + row * operands.ldc + first, ldc: operands.ldc, columns: columns)
          row += KernelTarget.rows
        }
      } else {
        let bias: HalfVector =
          operands.bias.map { loadPartial($0 + first, columns) } ?? HalfVector()
        var row = rows.lowerBound
        while row < rows.upperBound {
          tile(
            k: operands.k, a: operands.a + row * operands.lda,
            lda: operands.lda, rows: min(KernelTarget.rows, rows.upperBound - row), b: b,
            bias: bias,
            lower: HalfVector(repeating: lower), upper: HalfVector(repeating: upper),
            c: operands.c + row * operands.ldc + first, ldc: operands.ldc, columns: columns)
          row += KernelTarget.rows
        }
      }
    }
  }

  /// One row of A times four full packed panels (`4 × columnTile` columns of C).
  @inline(__always)
  static func rowTimesFourPanels(
    k: Int, a: UnsafePointer<Float>, b: UnsafePointer<Float>, panelStride: Int,
    bias: UnsafePointer<Float>?, lower: Vector, upper: Vector, c: UnsafeMutablePointer<Float>
  ) {
    let width = Vector.scalarCount
    var c0: Vector = bias.map { load($0) } ?? Vector()
    var c1: Vector = bias.map { load($0 + width) } ?? Vector()
    var c2: Vector = bias.map { load($0 + 2 * width) } ?? Vector()
    var c3: Vector = bias.map { load($0 + 3 * width) } ?? Vector()
    var p0 = b
    var p1 = b + panelStride
    var p2 = b + 2 * panelStride
    var p3 = b + 3 * panelStride
    for kk in 0..<k {
      let x = Vector(repeating: a[kk])
      c0 = multiplyAdd(x, load(p0), c0)
      c1 = multiplyAdd(x, load(p1), c1)
      c2 = multiplyAdd(x, load(p2), c2)
      c3 = multiplyAdd(x, load(p3), c3)
      p0 += width
      p1 += width
      p2 += width
      p3 += width
    }
    store(clamp(c0, lower, upper), c)
    store(clamp(c1, lower, upper), c + width)
    store(clamp(c2, lower, upper), c + 2 * width)
    store(clamp(c3, lower, upper), c + 3 * width)
  }

  /// The micro-kernel: `rows` (1...rowTile) rows of A times one packed panel into a
  /// `rows × V.scalarCount` register tile, of which the first `columns` columns are stored.
  ///
  /// Rows past `rows` re-read the first row (in bounds) and are not stored; packed panels are
  /// `columnTile` wide, so a half-width `V` reads the first half of each k step.
  @inline(__always)
  static func tile<V: SIMD>(
    k: Int, a: UnsafePointer<Float>, lda: Int, rows: Int,
    b: UnsafePointer<Float>, bias: V, lower: V, upper: V, c: UnsafeMutablePointer<Float>,
    ldc: Int, columns: Int
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
    var c0 = bias
    var c1 = bias
    var c2 = bias
    var c3 = bias
    var c4 = bias
    var c5 = bias
    var c6 = bias
    var c7 = bias
    var p = b
    let step = KernelTarget.columnTile
    for kk in 0..<k {
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
    }
    if columns == V.scalarCount {
      store(clamp(c0, lower, upper), c)
      if rows > 1 { store(clamp(c1, lower, upper), c + ldc) }
      if rows > 2 { store(clamp(c2, lower, upper), c + 2 &* ldc) }
      if rows > 3 { store(clamp(c3, lower, upper), c + 3 &* ldc) }
      if rows > 4 { store(clamp(c4, lower, upper), c + 4 &* ldc) }
      if rows > 5 { store(clamp(c5, lower, upper), c + 5 &* ldc) }
      if tileRows > 6 && rows > 6 { store(clamp(c6, lower, upper), c + 6 &* ldc) }
      if tileRows > 7 && rows > 7 { store(clamp(c7, lower, upper), c + 7 &* ldc) }
    } else {
      storePartial(clamp(c0, lower, upper), c, columns)
      if rows > 1 { storePartial(clamp(c1, lower, upper), c + ldc, columns) }
      if rows > 2 { storePartial(clamp(c2, lower, upper), c + 2 &* ldc, columns) }
      if rows > 3 { storePartial(clamp(c3, lower, upper), c + 3 &* ldc, columns) }
      if rows > 4 { storePartial(clamp(c4, lower, upper), c + 4 &* ldc, columns) }
      if rows > 5 { storePartial(clamp(c5, lower, upper), c + 5 &* ldc, columns) }
      if tileRows > 6 && rows > 6 {
        storePartial(clamp(c6, lower, upper), c + 6 &* ldc, columns)
      }
      if tileRows > 7 && rows > 7 {
        storePartial(clamp(c7, lower, upper), c + 7 &* ldc, columns)
      }
    }
  }
}
