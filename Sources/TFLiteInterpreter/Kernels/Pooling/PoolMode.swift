/// What a 2-D pooling window computes over the input cells it covers.
enum PoolMode {
  /// Mean of the covered cells (cells in the padding are not counted).
  case average
  /// Largest covered value; NaN is skipped, as std::max(max, x) skips it.
  case maximum
  /// Square root of the mean of the squares of the covered cells.
  case l2
}
