extension QuantizedGEMM {
  /// Computes rows `rows` of C for the column panels `panels` with A gathered through row
  /// pointers (``QuantizedIndirectGEMMOperands``). Every element gets exactly the integer sum
  /// ``multiply(_:rows:panels:)`` would give it on the gathered matrix.
  @inline(never)
  static func multiplyIndirect(
    _ o: QuantizedIndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
  ) {
    guard o.segments >= 0 else { return }
    let tiles = Tiles(
      weights: WeightPanels(
        n: o.n, packed: o.packed, panelStride: o.panelStride, format: o.format),
      rowsOfA: TableRows(table: o.rows, segments: o.segments, segmentLength: o.segmentLength),
      chunk: o.chunk,
      output: RequantizedTiles(requantization: o.requantization, c: o.c, ldc: o.ldc))
    tiles.run(rows: rows, panels: panels, m: o.m)
  }
}
