/// Where ``QuantizedGEMM``'s exact Int32 sums go once a block of rows is summed: requantized to
/// bytes (``RequantizedTiles``) or stored as they are (``SumTiles``).
protocol TileOutput {
  /// Takes the sums of rows `rows` × columns `columns` of C from `tile` (row `rows.lowerBound`
  /// first, `stride` Int32 apart; column `columns.lowerBound` first).
  func store(
    _ tile: UnsafeMutablePointer<Int32>, stride: Int, rows: Range<Int>, columns: Range<Int>)
}
