/// The operands of a packed GEMM whose rows of A are gathered through pointers (an implicit
/// im2col for convolutions): `C = clamp(A · B + bias, lower, upper)` with
/// `K = segments × segmentLength`.
///
/// - `rows`: `m × segments` pointers, row by row; `rows[i * segments + s]` points at the
///   `segmentLength` floats of row `i` of A at depths `s * segmentLength ..< (s + 1) * segmentLength`.
/// - Everything else as in ``GEMMOperands`` (with `panelStride = K × columnTile` for the full K).
public typealias IndirectGEMMOperands = (
  m: Int, n: Int, segments: Int, segmentLength: Int,
  rows: UnsafePointer<UnsafePointer<Float>>,
  packed: UnsafePointer<Float>, panelStride: Int,
  bias: UnsafePointer<Float>?,
  lower: Float, upper: Float,
  c: UnsafeMutablePointer<Float>, ldc: Int
)
