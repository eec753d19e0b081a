extension Int8GEMM {
  /// Computes rows `rows` of C for the column panels `panels` (both clipped) with A gathered
  /// through row pointers (``Int8IndirectGEMMOperands``): every output is exactly what
  /// ``multiply(_:rows:panels:)`` gives on the gathered matrix.
  @inline(never)
  public static func multiplyIndirect(
    _ o: Int8IndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
  ) {
    let rows = rows.clamped(to: 0..<max(o.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(o.n))
    guard !rows.isEmpty, !panels.isEmpty, o.segments > 0, o.segmentLength > 0,
      o.segmentLength & 3 == 0, o.n & 15 == 0, o.requantization.scale == nil
    else { return }
    let panelBytes = groups(o.segments &* o.segmentLength) &* 64
    var row = rows.lowerBound
    while row < rows.upperBound {
      let count = min(tileRows, rows.upperBound &- row)
      for panel in panels {
        let first = panel &* 16
        let s = accumulateIndirect(
          o.rows + row &* o.segments, rows: count, segments: o.segments,
          segmentLength: o.segmentLength, flip: o.flip, b: o.packed + panel &* panelBytes)
        requantize(
          s, rows: count, Requantization.ChannelBlock(o.requantization, column: first),
          rowSums: o.rowSums.map { $0 + row }, rowFactor: o.rowFactor,
          output: o.c + (row &* o.ldc &+ first), ldc: o.ldc)
      }
      row &+= tileRows
    }
  }

  /// The sums of `rows` (≤ 8) rows of A (`segments` pointers each, from `table`) against one
  /// packed panel, A's groups of four XORed with `flip`. Rows past `rows` re-read the first
  /// row; their sums are not meaningful.
  @inline(never)
  static func accumulateIndirect(
    _ table: UnsafePointer<UnsafePointer<UInt8>>, rows: Int, segments: Int, segmentLength: Int,
    flip: Int32, b: UnsafePointer<Int8>
  ) -> TileSums {
    var s: TileSums = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    let flips = opaqueSplat(flip)
    var w = UnsafeRawPointer(b)
    let groupCount = segmentLength / 4
    for segment in 0..<segments {
      func row(_ i: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(table[(i < rows ? i : 0) &* segments &+ segment])
      }
      let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
      let (r4, r5, r6, r7) = (row(4), row(5), row(6), row(7))
      for g in 0..<groupCount {
        let at = g &* 4
        let weights = w.loadUnaligned(as: SIMD16<Int32>.self)
        s.0 = dot(s.0, word(r0, at), flips, weights)
        s.1 = dot(s.1, word(r1, at), flips, weights)
        s.2 = dot(s.2, word(r2, at), flips, weights)
        s.3 = dot(s.3, word(r3, at), flips, weights)
        s.4 = dot(s.4, word(r4, at), flips, weights)
        s.5 = dot(s.5, word(r5, at), flips, weights)
        s.6 = dot(s.6, word(r6, at), flips, weights)
        s.7 = dot(s.7, word(r7, at), flips, weights)
        w += 64
      }
    }
    return s
  }
}
