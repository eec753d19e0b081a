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
    guard !rows.isEmpty, !panels.isEmpty, accepts(o) else { return }
    let panelBytes = groups(o.segments &* o.segmentStride) &* 64
    var row = rows.lowerBound
    while row < rows.upperBound {
      let count = min(tileRows, rows.upperBound &- row)
      let table = o.rows + row &* o.segments
      let terms = rowTerms(
        o.rowFactor, signed: o.signedActivations, rows: count, segments: o.segments,
        segmentLength: o.segmentLength, table: table)
      for panel in panels {
        let first = panel &* 16
        let block = Requantization.ChannelBlock(o.requantization, column: first)
        let products = accumulateIndirect(
          table, rows: count, segments: o.segments, segmentStride: o.segmentStride,
          flip: o.flip, signedActivations: o.signedActivations, b: o.packed + panel &* panelBytes)
        let s = adding(products, start(block, terms))
        requantize(s, rows: count, block, output: o.c + (row &* o.ldc &+ first), ldc: o.ldc)
      }
      row &+= tileRows
    }
  }

  /// True when `o` is what the indirect GEMM takes (``Int8IndirectGEMMOperands``): whole
  /// segments of four, the counted length within them, whole panels of 16 columns, a
  /// fixed-point requantization.
  static func accepts(_ o: Int8IndirectGEMMOperands) -> Bool {
    o.segments > 0 && o.segmentStride > 0 && o.segmentStride & 3 == 0
      && (0...o.segmentStride).contains(o.segmentLength) && o.n & 15 == 0
      && o.requantization.scale == nil
  }

  /// ``rowTerms(_:signed:rows:count:_:)`` for rows of A read through `table`'s pointers.
  @inline(__always)
  static func rowTerms(
    _ factor: Int32, signed: Bool, rows: Int, segments: Int, segmentLength: Int,
    table: UnsafePointer<UnsafePointer<UInt8>>
  ) -> SIMD8<Int32> {
    var terms = SIMD8<Int32>()
    guard factor != 0 else { return terms }
    for segment in 0..<segments {
      terms &+= rowTerms(factor, signed: signed, rows: rows, count: segmentLength) {
        UnsafeRawPointer(table[$0 &* segments &+ segment])
      }
    }
    return terms
  }

  /// The sums of `rows` (≤ 8) rows of A (`segments` pointers each, from `table`) against one
  /// packed panel (activations and weights as ``Int8IndirectGEMMOperands`` says). Rows past
  /// `rows` re-read the first row; their sums are not meaningful. (Starting from zero rather
  /// than from the caller's sums: eight vectors passed through memory and read back at once
  /// stalled on store forwarding, 30 % of this function's time.)
  @inline(never)
  static func accumulateIndirect(
    _ table: UnsafePointer<UnsafePointer<UInt8>>, rows: Int, segments: Int, segmentStride: Int,
    flip: Int32, signedActivations: Bool, b: UnsafePointer<Int8>
  ) -> TileSums {
    let zero: TileSums = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    if signedActivations {
      return accumulateIndirect(
        table, rows: rows, segments: segments, segmentStride: segmentStride, b: b, from: zero
      ) { signedDot($0, $1, $2) }
    }
    let flips = opaqueSplat(flip)
    return accumulateIndirect(
      table, rows: rows, segments: segments, segmentStride: segmentStride, b: b, from: zero
    ) { dot($0, $1, flips, $2) }
  }

  /// `a + b`, row by row.
  @_transparent
  static func adding(_ a: TileSums, _ b: TileSums) -> TileSums {
    (a.0 &+ b.0, a.1 &+ b.1, a.2 &+ b.2, a.3 &+ b.3, a.4 &+ b.4, a.5 &+ b.5, a.6 &+ b.6, a.7 &+ b.7)
  }

  /// ``accumulateIndirect(_:rows:segments:segmentStride:flip:signedActivations:b:)``, from
  /// `initial`, with
  /// `step(acc, word, weights)` adding one group of four.
  @_transparent
  static func accumulateIndirect(
    _ table: UnsafePointer<UnsafePointer<UInt8>>, rows: Int, segments: Int, segmentStride: Int,
    b: UnsafePointer<Int8>, from initial: TileSums,
    _ step: (SIMD16<Int32>, Int32, SIMD16<Int32>) -> SIMD16<Int32>
  ) -> TileSums {
    var s = initial
    var w = UnsafeRawPointer(b)
    let groupCount = segmentStride / 4
    for segment in 0..<segments {
      func row(_ i: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(table[(i < rows ? i : 0) &* segments &+ segment])
      }
      let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
      let (r4, r5, r6, r7) = (row(4), row(5), row(6), row(7))
      for g in 0..<groupCount {
        let at = g &* 4
        let weights = loadInt32x16(w)
        s.0 = step(s.0, word(r0, at), weights)
        s.1 = step(s.1, word(r1, at), weights)
        s.2 = step(s.2, word(r2, at), weights)
        s.3 = step(s.3, word(r3, at), weights)
        s.4 = step(s.4, word(r4, at), weights)
        s.5 = step(s.5, word(r5, at), weights)
        s.6 = step(s.6, word(r6, at), weights)
        s.7 = step(s.7, word(r7, at), weights)
        w += 64
      }
    }
    return s
  }
}
