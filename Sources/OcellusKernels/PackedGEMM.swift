/// Single-precision GEMM on weights packed once into column panels, with a register-tiled
/// micro-kernel (``KernelTarget/rowTile`` × ``KernelTarget/columnTile`` accumulators).
///
/// Every element of C is computed by one chain: start from its bias (or 0), then one
/// multiply-add per k in increasing order, then the clamp. No element's sum depends on which
/// tile, call or thread computed it, so results are identical however the work is split.
enum PackedGEMM {
  typealias Vector = KernelTarget.Vector
  typealias HalfVector = KernelTarget.HalfVector

  /// Number of column panels for `n` columns.
  static func panelCount(columns n: Int) -> Int {
    (n + KernelTarget.columnTile - 1) / KernelTarget.columnTile
  }

  /// Floats needed to pack a `k × n` matrix B (the last panel is padded with zeros).
  static func packedCount(rows k: Int, columns n: Int) -> Int {
    panelCount(columns: n) * k * KernelTarget.columnTile
  }

  /// Packs B from its transpose: `weights` holds `n` rows of `k` floats (row `j` at
  /// `weights + j * rowStride`), i.e. `B[kk][j] = weights[j * rowStride + kk]` — the layout of
  /// TFLite's fully-connected weights `[n][k]` and convolution filters `[OC][KH][KW][IC]`.
  ///
  /// Writes ``packedCount(rows:columns:)`` floats to `packed`: panel after panel, each `k`
  /// steps of `columnTile` floats.
  static func pack(
    _ weights: UnsafePointer<Float>, rows n: Int, columns k: Int, rowStride: Int,
    into packed: UnsafeMutablePointer<Float>
  ) {
    pack(weights, rows: n, columns: k, rowStride: rowStride, into: packed, padding: 0) { $0 }
  }

  /// ``pack(_:rows:columns:rowStride:into:)`` of quantized weights, each widened on the way
  /// to the integer-valued float `weight − zeroPoint` (int8 when `signed`, else uint8): the
  /// same floats as widening first, without the widened copy.
  static func pack(
    bytes weights: UnsafePointer<UInt8>, rows n: Int, columns k: Int, rowStride: Int,
    signed: Bool, zeroPoint: Int32, into packed: UnsafeMutablePointer<Float>
  ) {
    if signed {
      let values = UnsafeRawPointer(weights).assumingMemoryBound(to: Int8.self)
      pack(values, rows: n, columns: k, rowStride: rowStride, into: packed, padding: 0) {
        Float(Int32($0) - zeroPoint)
      }
    } else {
      pack(weights, rows: n, columns: k, rowStride: rowStride, into: packed, padding: 0) {
        Float(Int32($0) - zeroPoint)
      }
    }
  }

  /// ``pack(_:rows:columns:rowStride:into:)`` of quantized weights kept as the bytes they are
  /// (``PanelFormat/int8`` and ``PanelFormat/uint8(zeroPoint:)``): one byte per weight, columns
  /// past the last filled with `padding` (the zero point, so that they add nothing).
  static func pack(
    bytes weights: UnsafePointer<UInt8>, rows n: Int, columns k: Int, rowStride: Int,
    padding: UInt8, into packed: UnsafeMutablePointer<UInt8>
  ) {
    typealias Step = SIMD16<UInt8>
    guard KernelTarget.columnTile == Step.scalarCount else {
      pack(weights, rows: n, columns: k, rowStride: rowStride, into: packed, padding: padding) {
        $0
      }
      return
    }
    // Whole panels a step (16 weights from 16 rows) at a time; each row's bytes stay in L1
    // while its panel is packed.
    var out = UnsafeMutableRawPointer(packed)
    for panel in 0..<panelCount(columns: n) {
      let first = panel &* Step.scalarCount
      let valid = min(Step.scalarCount, n &- first)
      let rows = weights + first &* rowStride
      guard valid == Step.scalarCount else {
        let last = out.assumingMemoryBound(to: UInt8.self)
        pack(rows, rows: valid, columns: k, rowStride: rowStride, into: last, padding: padding) {
          $0
        }
        return
      }
      for kk in 0..<k {
        var step = Step()
        for j in 0..<Step.scalarCount { step[j] = rows[j &* rowStride &+ kk] }
        out.storeBytes(of: step, as: Step.self)
        out += Step.scalarCount
      }
    }
  }

  /// The packing loop: `convert(weights[j * rowStride + kk])` at step `kk` of column `j`'s
  /// panel, `padding` past the last column.
  @inline(__always)
  static func pack<Value, Packed>(
    _ weights: UnsafePointer<Value>, rows n: Int, columns k: Int, rowStride: Int,
    into packed: UnsafeMutablePointer<Packed>, padding: Packed, _ convert: (Value) -> Packed
  ) {
    let width = KernelTarget.columnTile
    var out = packed
    for panel in 0..<panelCount(columns: n) {
      let first = panel * width
      let valid = min(width, n - first)
      for kk in 0..<k {
        for j in 0..<valid { out[j] = convert(weights[(first + j) * rowStride + kk]) }
        for j in valid..<width { out[j] = padding }
        out += width
      }
    }
  }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  ///
  /// Panels are the outer loop, so one packed panel stays in L1 while the rows stream by;
  /// callers keep `rows` small enough for those rows of A to stay in L2.
  @inline(never)
  static func multiply(_ operands: GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let width = KernelTarget.columnTile
    let rows = rows.clamped(to: 0..<max(operands.m, 0))
    var panels = panels.clamped(to: 0..<panelCount(columns: max(operands.n, 0)))
    guard !rows.isEmpty, operands.k >= 0 else { return }
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
          lower: Vector(repeating: operands.lower), upper: Vector(repeating: operands.upper),
          c: c + first)
        panels = panels.dropFirst(4)
      }
    }
    let tiles = Tiles(
      source: PanelSource(
        n: operands.n, packed: operands.packed, panelStride: operands.panelStride),
      rowsOfA: MatrixRows(a: operands.a, lda: operands.lda, segmentLength: operands.k),
      bias: operands.bias, lower: operands.lower, upper: operands.upper, c: operands.c,
      ldc: operands.ldc)
    tiles.run(rows: rows, panels: panels)
  }

  /// One float GEMM as its register tiles see it: B, the rows of A, bias, clamp and C.
  struct Tiles<Rows: RowsOfA> {
    let source: PanelSource
    let rowsOfA: Rows
    let bias: UnsafePointer<Float>?
    let lower: Float, upper: Float
    let c: UnsafeMutablePointer<Float>, ldc: Int

    /// Computes rows `rows` × panels `panels` (both already clipped), register tile by register
    /// tile.
    @inline(__always)
    func run(rows: Range<Int>, panels: Range<Int>) {
      for panel in panels {
        let (first, columns, b) = source.panel(panel)
        if columns > HalfVector.scalarCount {
          panelRows(Vector.self, rows: rows, b: b, first: first, columns: columns)
        } else {
          panelRows(HalfVector.self, rows: rows, b: b, first: first, columns: columns)
        }
      }
    }

    /// The register tiles of one panel, `V.scalarCount` columns wide (`columns` of them stored).
    @inline(__always)
    func panelRows<V: SIMD>(
      _: V.Type, rows: Range<Int>, b: UnsafePointer<Float>, first: Int, columns: Int
    ) where V.Scalar == Float {
      let bias: V = self.bias.map { loadPartial($0 + first, columns) } ?? V()
      let lower = V(repeating: self.lower)
      let upper = V(repeating: self.upper)
      var row = rows.lowerBound
      while row < rows.upperBound {
        let count = min(KernelTarget.rows, rows.upperBound - row)
        PackedGEMM.tile(
          rowsOfA.tile(row, count: count), rows: count, length: rowsOfA.segmentLength, b: b,
          bias: bias, lower: lower, upper: upper, c: c + row * ldc + first, ldc: ldc,
          columns: columns)
        row += KernelTarget.rows
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

  /// The micro-kernel: the rows of A of one register tile (`count` of them, runs of `length`
  /// floats) times the packed panel at `b`, from `bias`, clamped to `lower...upper` and stored
  /// to `c` (row `i` at `c + i × ldc`; the first `columns` lanes). A function of its own
  /// (specialized per vector width and kind of rows), so that its accumulators keep their
  /// registers.
  @inline(never)
  static func tile<V: SIMD, Rows: TileOfA>(
    _ rows: Rows, rows count: Int, length: Int, b: UnsafePointer<Float>, bias: V, lower: V,
    upper: V, c: UnsafeMutablePointer<Float>, ldc: Int, columns: Int
  ) where V.Scalar == Float {
    var tile = RegisterTile(bias)
    tile.accumulate(rows, length: length, b: b)
    tile.storeClamped(rows: count, lower: lower, upper: upper, c, ldc: ldc, columns: columns)
  }
}
