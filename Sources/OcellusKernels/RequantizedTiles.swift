/// ``QuantizedGEMM``'s sums requantized per column (``RequantizationTable``) and stored as the
/// bytes of C (row `i` at `c + i * ldc`).
struct RequantizedTiles: TileOutput {
  let requantization: RequantizationTable
  let c: UnsafeMutablePointer<UInt8>
  let ldc: Int

  @inline(__always)
  func store(
    _ tile: UnsafeMutablePointer<Int32>, stride: Int, rows: Range<Int>, columns: Range<Int>
  ) {
    let output = c + (rows.lowerBound &* ldc &+ columns.lowerBound)
    Requantization.rows(
      UnsafePointer(tile), stride: stride, rows: rows.count, count: columns.count,
      column: columns.lowerBound, requantization, output, ldc: ldc)
  }
}
