/// The float BATCH_MATMUL fast path on the packed GEMM of a kernel build: at each run, every
/// distinct right matrix is packed into scratch (transposed to `[N][K]` first unless
/// `adj_y`), every left matrix with `adj_x` is transposed to `[M][K]`, then one GEMM per
/// output matrix. The sums run in the GEMM's order, not TFLite's `k` order: results agree with
/// the scalar loop within float rounding, and do not depend on the thread count.
struct BatchMatMulGEMM {
  private let shape: BatchMatMulShape
  private let kernels: KernelSet
  private let identity: FusedActivation
  private let lhsMatrices, rhsMatrices: Int
  /// Floats per packed right matrix, rounded to 64 bytes.
  private let packedFloats: Int
  /// Floats of the `[N][K]` transpose of one right matrix (0 with `adj_y`).
  private let transposeFloats: Int
  /// Floats of the transposed left matrices (0 without `adj_x`).
  private let lhsFloats: Int

  /// The plan for `shape` with `lhsElements` and `rhsElements` in the operands, or nil when a
  /// matrix is empty (the scalar loop writes the zeros).
  init?(
    _ shape: BatchMatMulShape, lhsElements: Int, rhsElements: Int, kernels: KernelSet,
    identity: FusedActivation
  ) {
    let (m, k, n) = (shape.rows, shape.depth, shape.columns)
    guard m > 0, k > 0, n > 0, shape.batchCount > 0 else { return nil }
    self.shape = shape
    self.kernels = kernels
    self.identity = identity
    lhsMatrices = lhsElements / (m * k)
    rhsMatrices = rhsElements / (k * n)
    packedFloats = PackedWeights.rounded(kernels.entry.packedCount(k, n))
    transposeFloats = shape.adjointY ? 0 : PackedWeights.rounded(k * n)
    lhsFloats = shape.adjointX ? PackedWeights.rounded(lhsElements) : 0
  }

  /// Bytes of scratch a run needs.
  var scratchBytes: Int { (rhsMatrices * packedFloats + transposeFloats + lhsFloats) * 4 }

  /// `output = lhs · rhs` for every output matrix, with `scratch` of ``scratchBytes`` bytes.
  func run(_ io: KernelIO, scratch: UnsafeMutableRawPointer) {
    let (m, k, n) = (shape.rows, shape.depth, shape.columns)
    let floats = scratch.bindMemory(
      to: Float.self, capacity: rhsMatrices * packedFloats + transposeFloats + lhsFloats)
    let (packed, temporary) = (floats, floats + rhsMatrices * packedFloats)
    let rhs = io.input(1, as: Float.self)
    for matrix in 0..<rhsMatrices {
      var source = rhs + matrix * k * n
      if !shape.adjointY {
        Self.transpose(source, rows: k, columns: n, into: temporary)
        source = UnsafePointer(temporary)
      }
      kernels.entry.pack(source, n, k, k, packed + matrix * packedFloats)
    }
    var lhs = io.input(0, as: Float.self)
    if shape.adjointX {
      let transposed = temporary + transposeFloats
      for matrix in 0..<lhsMatrices {
        Self.transpose(
          lhs + matrix * m * k, rows: k, columns: m, into: transposed + matrix * m * k)
      }
      lhs = UnsafePointer(transposed)
    }
    let output = io.output(0, as: Float.self)
    for batch in 0..<shape.batchCount {
      GEMM.multiply(
        kernels: kernels, m: m, n: n, k: k, a: lhs + shape.lhsOffsets[batch], lda: k,
        packed: packed + shape.rhsOffsets[batch] / (k * n) * packedFloats, bias: nil,
        activation: identity, c: output + batch * m * n, ldc: n, pool: io.pool)
    }
  }

  /// Writes the `columns × rows` transpose of the row-major `rows × columns` `source`.
  private static func transpose(
    _ source: UnsafePointer<Float>, rows: Int, columns: Int,
    into target: UnsafeMutablePointer<Float>
  ) {
    for row in 0..<rows {
      for column in 0..<columns { target[column * rows + row] = source[row * columns + column] }
    }
  }
}
