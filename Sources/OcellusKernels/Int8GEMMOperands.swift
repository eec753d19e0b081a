/// The operands of an int8 × int8 GEMM on 8-bit dot products (``Int8GEMM``), as a tuple so
/// that every build of the kernels shares the same type.
///
/// - `a`: `m` rows of `k` bytes (row `i` at `a + i · lda`): the activations as stored; int8
///   when `signedActivations`, else XORed with `flip` (four bytes at a time) to give unsigned
///   bytes (0 for uint8 activations, `0x80808080` for int8 ones).
/// - `rowFactor`: added to every sum of row `i`, times the sum of the row's `k` bytes (read
///   as the activations' type); 0 for none. See ``Int8GEMM``.
/// - `packed`: the weights, `n` columns of `k` bytes packed by ``Int8GEMM/pack``: unsigned
///   bytes when `signedActivations`, else signed ones.
/// - `requantization`: per column, TFLite's requantization; its `bias` must already include
///   the per-column correction (see ``Int8GEMM``).
/// - `c`: `m` rows of `n` output bytes (row `i` at `c + i · ldc`).
public typealias Int8GEMMOperands = (
  m: Int, n: Int, k: Int,
  a: UnsafePointer<Int8>, lda: Int, signedActivations: Bool, flip: Int32, rowFactor: Int32,
  packed: UnsafePointer<Int8>,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
