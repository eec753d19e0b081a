/// The operands of an ``Int8GEMM`` whose rows of A are gathered through pointers (an implicit
/// im2col for convolutions), as a tuple so that every build of the kernels shares the same
/// type. `K = segments × segmentLength`, with `segmentLength` a multiple of 4.
///
/// - `rows`: `m × segments` pointers, row by row; `rows[i * segments + s]` points at the
///   `segmentLength` bytes of row `i` of A at depths `s * segmentLength ..< (s + 1) *
///   segmentLength`.
/// - `n` a multiple of 16 and `requantization` in a fixed-point mode (`scale` nil).
/// - Everything else as in ``Int8GEMMOperands``.
public typealias Int8IndirectGEMMOperands = (
  m: Int, n: Int, segments: Int, segmentLength: Int,
  rows: UnsafePointer<UnsafePointer<UInt8>>, signedActivations: Bool, flip: Int32,
  rowFactor: Int32,
  packed: UnsafePointer<Int8>,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
