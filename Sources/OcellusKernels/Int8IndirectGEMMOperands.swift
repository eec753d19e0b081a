/// The operands of an ``Int8GEMM`` whose rows of A are gathered through pointers (an implicit
/// im2col for convolutions), as a tuple so that every build of the kernels shares the same
/// type. `K = segments × segmentStride`, with `segmentStride` a multiple of 4.
///
/// - `rows`: `m × segments` pointers, row by row; `rows[i * segments + s]` points at the
///   `segmentStride` bytes of row `i` of A at depths `s * segmentStride ..< (s + 1) *
///   segmentStride`. Only the first `segmentLength` of them count in the row sums: the rest
///   are padding that meets zero weights.
/// - `n` a multiple of 16 and `requantization` in a fixed-point mode (`scale` nil).
/// - Everything else as in ``Int8GEMMOperands``.
public typealias Int8IndirectGEMMOperands = (
  m: Int, n: Int, segments: Int, segmentLength: Int, segmentStride: Int,
  rows: UnsafePointer<UnsafePointer<UInt8>>, signedActivations: Bool, flip: Int32,
  rowFactor: Int32,
  packed: UnsafePointer<Int8>,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
