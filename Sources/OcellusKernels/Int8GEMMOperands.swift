/// The operands of an int8 × int8 GEMM on 8-bit dot products (``Int8GEMM``), as a tuple so
/// that every build of the kernels shares the same type.
///
/// - `a`: `m` rows of `k` bytes (row `i` at `a + i · lda`): the activations as stored; each
///   group of four is XORed with `flip` to give the unsigned bytes multiplied (`0x80808080`
///   for int8 activations, 0 for uint8).
/// - `rowSums`, `rowFactor`: when `rowSums` is given, `rowFactor · rowSums[i]` is added to
///   every sum of row `i` (the uint8 weights' correction; see ``Int8GEMM``).
/// - `packed`: the weights, `n` columns of `k` int8 values, packed by ``Int8GEMM/pack``.
/// - `requantization`: per column, TFLite's requantization; its `bias` must already include
///   the activations' offset correction (see ``Int8GEMM``).
/// - `c`: `m` rows of `n` output bytes (row `i` at `c + i · ldc`).
public typealias Int8GEMMOperands = (
  m: Int, n: Int, k: Int,
  a: UnsafePointer<Int8>, lda: Int, flip: Int32,
  rowSums: UnsafePointer<Int32>?, rowFactor: Int32,
  packed: UnsafePointer<Int8>,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
