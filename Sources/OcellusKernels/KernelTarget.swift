/// How this build of the kernels is configured: its name and register-tile shape.
///
/// The same sources are compiled three times: `OcellusKernels` (portable, every platform),
/// `OcellusKernelsAVX2` (`-target-cpu haswell`, defines `OCELLUS_AVX2`) and
/// `OcellusKernelsAVX512` (`-target-cpu skylake-avx512`, defines `OCELLUS_AVX512`). The
/// interpreter picks one at run time from the CPU's features.
public enum KernelTarget {
  // Only SIMD types of at most 16 lanes: wider ones (SIMD32) compile to scalar loops.
  #if OCELLUS_AVX512
    /// The register vector a GEMM tile row is made of (`columnTile` lanes).
    typealias Vector = SIMD16<Float>
    /// Half a ``Vector``, for panels with few valid columns.
    typealias HalfVector = SIMD8<Float>
    /// Channels per register in the depthwise kernel (one register).
    typealias DepthwiseLanes = SIMD16<Float>
    /// Half of ``DepthwiseLanes``.
    typealias DepthwiseHalfLanes = SIMD8<Float>
    /// GEMM rows per register tile (MR).
    @inline(__always) static var rows: Int { 8 }
    /// The name of this build (`avx512`).
    public static let name = "avx512"
  #elseif OCELLUS_AVX2
    typealias Vector = SIMD16<Float>
    typealias HalfVector = SIMD8<Float>
    typealias DepthwiseLanes = SIMD8<Float>
    typealias DepthwiseHalfLanes = SIMD4<Float>
    @inline(__always) static var rows: Int { 6 }
    /// The name of this build (`avx2`).
    public static let name = "avx2"
  #elseif arch(x86_64) || arch(i386)
    // Baseline x86-64 has 16 SSE registers: 6 rows of two xmm accumulators fit.
    typealias Vector = SIMD8<Float>
    typealias HalfVector = SIMD4<Float>
    typealias DepthwiseLanes = SIMD4<Float>
    typealias DepthwiseHalfLanes = SIMD2<Float>
    @inline(__always) static var rows: Int { 6 }
    /// The name of this build (`portable`).
    public static let name = "portable"
  #else
    // arm64 NEON has 32 registers: 6 rows of four q-register accumulators fit.
    typealias Vector = SIMD16<Float>
    typealias HalfVector = SIMD8<Float>
    typealias DepthwiseLanes = SIMD8<Float>
    typealias DepthwiseHalfLanes = SIMD4<Float>
    @inline(__always) static var rows: Int { 6 }
    /// The name of this build (`portable`).
    public static let name = "portable"
  #endif

  /// GEMM rows per register tile (MR): how many rows of A one micro-kernel call computes.
  public static var rowTile: Int { rows }
  /// GEMM columns per packed panel (NR): the width of a packed weight panel.
  public static var columnTile: Int { Vector.scalarCount }
}
