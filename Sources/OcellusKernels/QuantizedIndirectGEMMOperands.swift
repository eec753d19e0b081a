#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// The operands of a packed integer GEMM whose rows of A are gathered through pointers (an
/// implicit im2col for convolutions): `C = requantize(A · B)` with
/// `K = segments × segmentLength`.
///
/// - `rows`: `m × segments` pointers, row by row; `rows[i * segments + s]` points at the
///   `segmentLength` integer-valued floats of row `i` of A at depths
///   `s * segmentLength ..< (s + 1) * segmentLength`.
/// - Everything else as in ``QuantizedGEMMOperands`` (with `panelStride = K × columnTile`).
///   Chunks of `chunk` products may end inside a segment.
public typealias QuantizedIndirectGEMMOperands = (
  m: Int, n: Int, segments: Int, segmentLength: Int, chunk: Int,
  rows: UnsafePointer<UnsafePointer<Float>>,
  packed: UnsafeRawPointer, format: PanelFormat, panelStride: Int,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
