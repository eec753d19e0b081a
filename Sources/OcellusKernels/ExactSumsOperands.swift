#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// The operands of one packed integer GEMM that stops at the exact Int32 sums,
/// `sums = A · B`: ``QuantizedGEMMOperands`` without the requantization, as a tuple so that
/// every build of the kernels shares the same type.
///
/// - `m`, `n`, `k`, `chunk`, `a`, `lda`, `packed`, `format`, `panelStride`: as in
///   ``QuantizedGEMMOperands`` (A integer-valued floats, B packed panels of floats or bytes,
///   `chunk` products summed in float at most).
/// - `sums`, `ldc`: row `i` of the sums starts at `sums + i * ldc`; only its first `n` Int32
///   are written, each `Σ_k a[i][k] · b[k][j]` wrapping as TFLite's int32 accumulator does.
public typealias ExactSumsOperands = (
  m: Int, n: Int, k: Int, chunk: Int,
  a: UnsafePointer<Float>, lda: Int,
  packed: UnsafeRawPointer, format: PanelFormat, panelStride: Int,
  sums: UnsafeMutablePointer<Int32>, ldc: Int
)
