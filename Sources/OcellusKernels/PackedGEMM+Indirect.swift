extension PackedGEMM {
  /// Computes rows `rows` of C for the column panels `panels` with A gathered through row
  /// pointers (``IndirectGEMMOperands``). Every element gets the same chain of multiply-adds, in
  /// the same order, as ``multiply(_:rows:panels:)`` on the gathered matrix would give it.
  @inline(never)
  static func multiplyIndirect(
    _ operands: IndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
  ) {
    let rows = rows.clamped(to: 0..<max(operands.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(columns: max(operands.n, 0)))
    guard !rows.isEmpty, operands.segments >= 0, operands.segmentLength >= 0 else { return }
    let tiles = Tiles(
      source: PanelSource(
        n: operands.n, packed: operands.packed, panelStride: operands.panelStride),
      rowsOfA: TableRows(
        table: operands.rows, segments: operands.segments,
        segmentLength: operands.segmentLength),
      bias: operands.bias, lower: operands.lower, upper: operands.upper, c: operands.c,
      ldc: operands.ldc)
    tiles.run(rows: rows, panels: panels)
  }
}
