#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// The operands of one packed integer GEMM run on the float micro-kernel,
/// `C = requantize(A · B)`, as a tuple so that every build of the kernels shares the same type.
///
/// - `m`, `n`, `k`: C is `m × n`, A is `m × k`, B is `k × n`.
/// - `a`, `lda`: row `i` of A starts at `a + i * lda` and holds `k` floats, each an integer
///   (an input value minus its zero point).
/// - `packed`, `format`, `panelStride`: B in ``PackedGEMM``'s panels, each weight stored as
///   `format` says: integer-valued floats (weights minus their zero point, packed by
///   ``PackedGEMM/pack(bytes:rows:columns:rowStride:signed:zeroPoint:into:)``) or the weight
///   bytes as they are (``PackedGEMM/pack(bytes:rows:columns:rowStride:padding:into:)``);
///   `panelStride` counts weights, not bytes.
/// - `chunk`: at most this many products are summed in float before the sum is converted to
///   Int32 and added to the exact integer accumulator. The caller picks it so that any `chunk`
///   products sum below ``Requantization/sumLimit`` (2^22) in magnitude, so every float sum is
///   exact (e.g. 64 for values in −255...255, 258 for values in −128...127). Must be positive.
/// - `requantization`: per-column bias, multiplier and clamp (see ``RequantizationTable``).
/// - `c`, `ldc`: row `i` of C starts at `c + i * ldc`; only its first `n` bytes are written.
public typealias QuantizedGEMMOperands = (
  m: Int, n: Int, k: Int, chunk: Int,
  a: UnsafePointer<Float>, lda: Int,
  packed: UnsafeRawPointer, format: PanelFormat, panelStride: Int,
  requantization: RequantizationTable,
  c: UnsafeMutablePointer<UInt8>, ldc: Int
)
