/// The operands of one packed GEMM, `C = clamp(A · B + bias, lower, upper)`, as a tuple so that
/// every build of the kernels (and the interpreter calling them) shares the same type.
///
/// - `m`, `n`, `k`: C is `m × n`, A is `m × k`, B is `k × n`.
/// - `a`, `lda`: row `i` of A starts at `a + i * lda` and holds `k` floats.
/// - `packed`, `panelStride`: B packed by ``PackedGEMM/pack(_:rows:columns:rowStride:into:)``;
///   panel `p` (columns `p * columnTile ..< (p + 1) * columnTile`) starts at
///   `packed + p * panelStride` and holds `columnTile` floats per k step. With the full packed
///   matrix, `panelStride` is `k * columnTile`; a larger stride with a smaller `k` (and an
///   offset `packed`) runs on a slice of the K range, e.g. for K-chunked integer GEMM.
/// - `bias`: `n` floats added to every row, or nil for none.
/// - `lower`, `upper`: the clamp (±infinity for none); NaN passes through.
/// - `c`, `ldc`: row `i` of C starts at `c + i * ldc`; only its first `n` floats are written.
public typealias GEMMOperands = (
  m: Int, n: Int, k: Int,
  a: UnsafePointer<Float>, lda: Int,
  packed: UnsafePointer<Float>, panelStride: Int,
  bias: UnsafePointer<Float>?,
  lower: Float, upper: Float,
  c: UnsafeMutablePointer<Float>, ldc: Int
)
