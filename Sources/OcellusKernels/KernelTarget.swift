/// How this build of the kernels is configured: its register-tile shape and vector widths.
///
/// The same sources are compiled several times: `OcellusKernels` (portable, every platform;
/// it also declares the `KernelEntryPoints` and `JPEGKernelEntryPoints` structs), and on x86-64
/// `OcellusKernelsAVX2` (`-target-cpu haswell`, defines `OCELLUS_AVX2`),
/// `OcellusKernelsAVX512` (`-target-cpu skylake-avx512`, defines `OCELLUS_AVX512`) and
/// `OcellusKernelsVNNI` (`-target-cpu cascadelake`, defines `OCELLUS_AVX512` and
/// `OCELLUS_VNNI`; only the int8 GEMM and what it uses). The portable, AVX2 and AVX-512
/// modules each hold a whole set of entries (``entryPoints``); the VNNI and VBMI modules plug
/// theirs into AVX-512's (``plugInt8(into:)``, ``ByteLookup/plug(into:)``); `KernelBuild`
/// (OcellusKernelSelection) assembles one at run time from the CPU's features, for the
/// interpreter and the JPEG decoder alike. `CPUFeatures` is in the portable module only.
///
/// - `Vector`: the register vector a GEMM tile row is made of (`columnTile` lanes);
///   `HalfVector`, half of it, for panels with few valid columns.
/// - `DepthwiseLanes`: channels per register in the depthwise kernel; `DepthwiseHalfLanes`,
///   half of them.
/// - `rows`: GEMM rows per register tile (MR).
public enum KernelTarget {
  // Only SIMD types of at most 16 lanes: wider ones (SIMD32) compile to scalar loops.
  #if OCELLUS_AVX512
    // 32 zmm registers: 8 rows of one accumulator each.
    typealias Vector = SIMD16<Float>
    typealias HalfVector = SIMD8<Float>
    typealias DepthwiseLanes = Vector
    typealias DepthwiseHalfLanes = HalfVector
    @inline(__always) static var rows: Int { 8 }
  #elseif OCELLUS_AVX2 || !(arch(x86_64) || arch(i386))
    // AVX2's 16 ymm registers, or arm64 NEON's 32 q registers: 6 rows of two (four) fit.
    typealias Vector = SIMD16<Float>
    typealias HalfVector = SIMD8<Float>
    typealias DepthwiseLanes = HalfVector
    typealias DepthwiseHalfLanes = SIMD4<Float>
    @inline(__always) static var rows: Int { 6 }
  #else
    // Baseline x86-64 has 16 SSE registers: 6 rows of two xmm accumulators fit.
    typealias Vector = SIMD8<Float>
    typealias HalfVector = SIMD4<Float>
    typealias DepthwiseLanes = HalfVector
    typealias DepthwiseHalfLanes = SIMD2<Float>
    @inline(__always) static var rows: Int { 6 }
  #endif

  /// GEMM rows per register tile (MR): how many rows of A one micro-kernel call computes.
  static var rowTile: Int { rows }
  /// GEMM columns per packed panel (NR): the width of a packed weight panel.
  static var columnTile: Int { Vector.scalarCount }
}
