/// ``QuantizedGEMM``'s exact Int32 sums stored as they are (row `i` at `sums + i * ldc`), for
/// callers that scale them themselves (the hybrid kernels).
struct SumTiles: TileOutput {
  let sums: UnsafeMutablePointer<Int32>
  let ldc: Int

  @inline(__always)
  func store(
    _ tile: UnsafeMutablePointer<Int32>, stride: Int, rows: Range<Int>, columns: Range<Int>
  ) {
    for row in rows {
      let target: UnsafeMutablePointer<Int32> = sums + (row &* ldc &+ columns.lowerBound)
      let source: UnsafeMutablePointer<Int32> = tile + (row &- rows.lowerBound) &* stride
      target.update(from: source, count: columns.count)
    }
  }
}
