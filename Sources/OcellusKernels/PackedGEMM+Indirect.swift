extension PackedGEMM {
  /// Computes rows `rows` of C for the column panels `panels` with A gathered through row
  /// pointers (``IndirectGEMMOperands``). Every element gets the same chain of multiply-adds, in
  /// the same order, as ``multiply(_:rows:panels:)`` on the gathered matrix would give it.
  @inline(never)
  public static func multiplyIndirect(
    _ operands: IndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
  ) {
    let width = KernelTarget.columnTile
    let rows = rows.clamped(to: 0..<max(operands.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(columns: max(operands.n, 0)))
    guard !rows.isEmpty, operands.segments >= 0, operands.segmentLength >= 0 else { return }
    for panel in panels {
      let first = panel * width
      let columns = min(width, operands.n - first)
      let b = operands.packed + panel * operands.panelStride
      if columns > HalfVector.scalarCount {
        let bias: Vector = operands.bias.map { loadPartial($0 + first, columns) } ?? Vector()
        var row = rows.lowerBound
        while row < rows.upperBound {
          indirectTile(
            operands, row: row,
            rows: min(KernelTarget.rows, rows.upperBound - row), b: b, bias: bias,
            lower: Vector(repeating: operands.lower), upper: Vector(repeating: operands.upper),
            first: first, columns: columns)
          row += KernelTarget.rows
        }
      } else {
        let bias: HalfVector =
          operands.bias.map { loadPartial($0 + first, columns) } ?? HalfVector()
        var row = rows.lowerBound
        while row < rows.upperBound {
          indirectTile(
            operands, row: row, rows: min(KernelTarget.rows, rows.upperBound - row),
            b: b, bias: bias, lower: HalfVector(repeating: operands.lower),
            upper: HalfVector(repeating: operands.upper), first: first, columns: columns)
          row += KernelTarget.rows
        }
      }
    }
  }

  /// The micro-kernel of ``multiplyIndirect(_:rows:panels:)``: tile rows `row ..< row + rows`
  /// (at most rowTile), one packed panel, segment by segment.
  /// Rows past `rows` re-read row `row`.
  @inline(__always)
  static func indirectTile<V: SIMD>(
    _ o: IndirectGEMMOperands, row: Int, rows: Int, b: UnsafePointer<Float>,
    bias: V, lower: V, upper: V, first: Int, columns: Int
  ) where V.Scalar == Float {
    let tileRows = KernelTarget.rows
    let segments = o.segments
    let length = o.segmentLength
    let table = o.rows + row &* segments
    // Offsets of each tile row's pointers in the table (rows past `rows` repeat row 0).
    let t1 = rows > 1 ? 1 &* segments : 0
    let t2 = rows > 2 ? 2 &* segments : 0
    let t3 = rows > 3 ? 3 &* segments : 0
    let t4 = rows > 4 ? 4 &* segments : 0
    let t5 = rows > 5 ? 5 &* segments : 0
    let t6 = tileRows > 6 && rows > 6 ? 6 &* segments : 0
    let t7 = tileRows > 7 && rows > 7 ? 7 &* segments : 0
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
    for s in 0..<segments {
      let a0 = table[s]
      let a1 = table[t1 &+ s]
      let a2 = table[t2 &+ s]
      let a3 = table[t3 &+ s]
      let a4 = table[t4 &+ s]
      let a5 = table[t5 &+ s]
      let a6 = table[t6 &+ s]
      let a7 = table[t7 &+ s]
      for kk in 0..<length {
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
    }
    let c = o.c + row &* o.ldc + first
    let ldc = o.ldc
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
