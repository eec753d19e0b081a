/// The operands of ``Int8GEMM/sums(_:rows:panels:)``: the raw Int32 sums of 8-bit dot products,
/// without requantization, as a tuple so that every build of the kernels shares the same type.
///
/// - `a`, `lda`: as in ``Int8GEMMOperands``; each group of four activations is XORed with
///   `flip` to give the unsigned bytes multiplied (`0x80808080` for int8 activations).
/// - `packed`: signed weight bytes, packed by ``Int8GEMM/pack``.
/// - `rowOffsets`, `columnSums`: `m` and `n` values; row `i`, column `j` gets
///   `rowOffsets[i] · columnSums[j]` taken off (the flip's and the zero point's part).
/// - `sums`: `m` rows of `n` Int32 sums `Σ u · s − rowOffsets[i] · columnSums[j]` (row `i` at
///   `sums + i · ldc`), wrapping.
public typealias Int8SumsOperands = (
  m: Int, n: Int, k: Int,
  a: UnsafePointer<Int8>, lda: Int, flip: Int32,
  packed: UnsafePointer<Int8>,
  rowOffsets: UnsafePointer<Int32>, columnSums: UnsafePointer<Int32>,
  sums: UnsafeMutablePointer<Int32>, ldc: Int
)
