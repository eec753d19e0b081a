extension QuantizedGEMM {
  /// Computes rows `rows` of C for the column panels `panels` with A gathered through row
  /// pointers (``QuantizedIndirectGEMMOperands``). Every element gets exactly the integer sum
  /// ``multiply(_:rows:panels:)`` would give it on the gathered matrix.
  @inline(never)
  public static func multiplyIndirect(
    _ o: QuantizedIndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
  ) {
    let width = KernelTarget.columnTile
    let rows = rows.clamped(to: 0..<max(o.m, 0))
    let panels = panels.clamped(to: 0..<PackedGEMM.panelCount(columns: max(o.n, 0)))
    guard !rows.isEmpty, !panels.isEmpty, o.segments >= 0, o.segmentLength >= 0, o.chunk > 0
    else { return }
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
            let table = o.rows + row &* o.segments
            let sums = tile + (row &- block) &* tileStride
            if columns > HalfVector.scalarCount {
              indirectKernel(
                Vector.self, table: table, rows: count, segments: o.segments,
                length: o.segmentLength, chunk: o.chunk, b: b, tile: sums)
            } else {
              indirectKernel(
                HalfVector.self, table: table, rows: count, segments: o.segments,
                length: o.segmentLength, chunk: o.chunk, b: b, tile: sums)
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

  /// The micro-kernel of ``multiplyIndirect(_:rows:panels:)``: tile rows `0 ..< rows` of the
  /// pointer table `table`, segment by segment, adding to the Int32 tile every `chunk` steps
  /// (a chunk may end inside a segment), leaving the exact sums in the tile. Rows past `rows`
  /// re-read row 0.
  @inline(__always)
  static func indirectKernel<V: SIMD>(
    _: V.Type, table: UnsafePointer<UnsafePointer<Float>>, rows: Int, segments: Int, length: Int,
    chunk: Int, b: UnsafePointer<Float>, tile: UnsafeMutablePointer<Int32>
  ) where V.Scalar == Float {
    let tileRows = KernelTarget.rows
    // Offsets of each tile row's pointers in the table (rows past `rows` repeat row 0).
    let t1 = rows > 1 ? 1 &* segments : 0
    let t2 = rows > 2 ? 2 &* segments : 0
    let t3 = rows > 3 ? 3 &* segments : 0
    let t4 = rows > 4 ? 4 &* segments : 0
    let t5 = rows > 5 ? 5 &* segments : 0
    let t6 = tileRows > 6 && rows > 6 ? 6 &* segments : 0
    let t7 = tileRows > 7 && rows > 7 ? 7 &* segments : 0
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
    var used = 0
    var partial = false
    for s in 0..<segments {
      let a0 = table[s]
      let a1 = table[t1 &+ s]
      let a2 = table[t2 &+ s]
      let a3 = table[t3 &+ s]
      let a4 = table[t4 &+ s]
      let a5 = table[t5 &+ s]
      let a6 = table[t6 &+ s]
      let a7 = table[t7 &+ s]
      var kk = 0
      while kk < length {
        if used == chunk {
          flush(c0, c1, c2, c3, c4, c5, c6, c7, rows: rows, tile: tile, first: !partial)
          partial = true
          used = 0
          c0 = start
          c1 = start
          c2 = start
          c3 = start
          c4 = start
          c5 = start
          c6 = start
          c7 = start
        }
        let end = kk &+ min(length &- kk, chunk &- used)
        used &+= end &- kk
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
      }
    }
    flush(c0, c1, c2, c3, c4, c5, c6, c7, rows: rows, tile: tile, first: !partial)
  }
}
