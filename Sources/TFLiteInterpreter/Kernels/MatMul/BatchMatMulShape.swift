import TFLiteModel

/// The shapes of a BATCH_MATMUL, checked as TFLite's `Prepare` does: operands of rank 2...5,
/// the leading (batch) dimensions broadcast against each other, `lhs` `[…, M, K]` (`[…, K, M]`
/// with `adj_x`) times `rhs` `[…, K, N]` (`[…, N, K]` with `adj_y`) giving `[…, M, N]`.
///
/// Each output matrix `b` (counted over the broadcast batch dimensions, row-major) reads the
/// left matrix starting at element `lhsOffsets[b]` and the right one at `rhsOffsets[b]`.
struct BatchMatMulShape {
  let rows, depth, columns: Int
  let adjointX, adjointY: Bool
  /// The output's shape: the broadcast batch dimensions, then `[M, N]`.
  let output, lhsOffsets, rhsOffsets: [Int]

  init(lhs: [Int], rhs: [Int], adjointX: Bool, adjointY: Bool, _ node: NodeContext)
    throws(InterpreterError)
  {
    for (name, shape) in [("left", lhs), ("right", rhs)] where !(2...5).contains(shape.count) {
      throw node.invalid("the \(name) operand has rank \(shape.count); BATCH_MATMUL needs 2...5")
    }
    guard ConvolutionGeometry.product(lhs) != nil, ConvolutionGeometry.product(rhs) != nil else {
      throw node.invalid("tensor sizes overflow")
    }
    let rank = max(lhs.count, rhs.count)
    let l = Array(repeating: 1, count: rank - lhs.count) + lhs
    let r = Array(repeating: 1, count: rank - rhs.count) + rhs
    var batch: [Int] = []
    for axis in 0..<(rank - 2) {
      guard l[axis] == r[axis] || l[axis] == 1 || r[axis] == 1 else {
        throw node.invalid("batch dimensions of \(lhs) and \(rhs) do not broadcast")
      }
      batch.append(l[axis] == 1 ? r[axis] : l[axis])
    }
    (rows, depth) = adjointX ? (l[rank - 1], l[rank - 2]) : (l[rank - 2], l[rank - 1])
    let rhsDepth = adjointY ? r[rank - 1] : r[rank - 2]
    columns = adjointY ? r[rank - 2] : r[rank - 1]
    guard rhsDepth == depth else {
      throw node.invalid(
        "the operands' inner dimensions differ (\(depth) and \(rhsDepth)) for shapes \(lhs) and \(rhs) (adj_x \(adjointX), adj_y \(adjointY))"
      )
    }
    guard let outputCount = ConvolutionGeometry.product(batch + [rows, columns]) else {
      throw node.invalid("the output size overflows")
    }
    _ = outputCount
    self.adjointX = adjointX
    self.adjointY = adjointY
    output = batch + [rows, columns]
    lhsOffsets = Self.offsets(batch, of: Array(l.prefix(rank - 2)), matrix: rows * depth)
    rhsOffsets = Self.offsets(batch, of: Array(r.prefix(rank - 2)), matrix: depth * columns)
  }

  /// Number of output matrices.
  var batchCount: Int { lhsOffsets.count }

  /// The element offset of each output batch's matrix in an operand with batch dimensions
  /// `dimensions` (1 where broadcast) and `matrix` elements per matrix.
  private static func offsets(_ batch: [Int], of dimensions: [Int], matrix: Int) -> [Int] {
    var offsets = [0]
    var stride = matrix
    var strides = Array(repeating: 0, count: dimensions.count)
    for axis in dimensions.indices.reversed() {
      strides[axis] = dimensions[axis] == 1 ? 0 : stride
      stride *= dimensions[axis]
    }
    for axis in batch.indices {
      offsets = offsets.flatMap { base in (0..<batch[axis]).map { base + $0 * strides[axis] } }
    }
    return offsets
  }

  /// The index of left element `(i, k)` within its matrix.
  @inline(__always)
  func lhsIndex(_ i: Int, _ k: Int) -> Int { adjointX ? k * rows + i : i * depth + k }

  /// The index of right element `(k, j)` within its matrix.
  @inline(__always)
  func rhsIndex(_ k: Int, _ j: Int) -> Int { adjointY ? j * depth + k : k * columns + j }

  /// Calls `body(lhs, rhs, i, j, index)` for every output element `(i, j)` of every output
  /// matrix: `lhs` and `rhs` are the element offsets of the operands' matrices and `index` the
  /// element's offset in the output. Whole rows are split over `pool`'s threads (each output
  /// is one fixed sum).
  func forEachOutput(
    pool: ThreadPool,
    _ body: (_ lhs: Int, _ rhs: Int, _ i: Int, _ j: Int, _ index: Int) -> Void
  ) {
    let (rows, columns) = (self.rows, self.columns)
    let rowWork = max(columns * depth, 1)
    pool.parallelFor(batchCount * rows, minimumChunk: max(1, GEMM.minimumChunkWork / rowWork)) {
      range in
      for item in range {
        let (batch, i) = (item / rows, item % rows)
        let (lhs, rhs) = (lhsOffsets[batch], rhsOffsets[batch])
        for j in 0..<columns { body(lhs, rhs, i, j, item * columns + j) }
      }
    }
  }
}
