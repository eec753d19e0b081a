#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

extension KernelTarget {
  /// Overrides the int8 GEMM's entries (`int8PackedCount`, `int8Pack`, `int8Multiply`,
  /// `int8MultiplyIndirect`, `int8Sums`) with this build's: all that the VNNI build holds, as
  /// only the int8 dot products differ there from the AVX-512 build.
  public static func plugInt8(into entries: inout KernelEntryPoints) {
    entries.int8PackedCount = { Int8GEMM.packedCount(n: $0, k: $1) }
    entries.int8Pack = { Int8GEMM.pack($0, n: $1, k: $2, run: $3, flip: $4, into: $5) }
    entries.int8MultiplyIndirect = { Int8GEMM.multiplyIndirect($0, rows: $1, panels: $2) }
    entries.int8Multiply = { Int8GEMM.multiply($0, rows: $1, panels: $2) }
    entries.int8Sums = { Int8GEMM.sums($0, rows: $1, panels: $2) }
  }
}
