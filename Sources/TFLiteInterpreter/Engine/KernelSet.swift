internal import OcellusKernels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(OcellusKernelsAVX2)
  internal import OcellusKernelsAVX2
#endif
#if canImport(OcellusKernelsAVX512)
  internal import OcellusKernelsAVX512
#endif

/// The build of the compute kernels (GEMM, depthwise convolution) that kernels use: the one
/// dispatch point between the interpreter and the CPU-specific kernel modules.
///
/// The kernel modules are the same sources compiled for different CPUs: `portable` (baseline
/// for the platform: SSE2 on x86-64, NEON on arm64), `avx2` (Haswell and later: AVX2 + FMA) and
/// `avx512` (Skylake-SP and later), the last two only on x86-64. `reference` runs plain scalar
/// loops instead — obviously correct, slow, for checking the others.
///
/// ``detected`` picks the fastest build this CPU runs, unless the environment variable
/// `OCELLUS_KERNELS` names another (`reference`, `portable`, `avx2`, `avx512`) that it can
/// run; a name the CPU cannot run is ignored. Kernels take ``current`` when a model is
/// loaded, so ``withCurrent(_:)`` around `Interpreter.init` chooses the build for one
/// interpreter. Results of all builds agree to about 1e-6 relative (they differ in whether
/// multiply-adds are fused); each build gives identical results for any thread count.
public struct KernelSet: Sendable, Equatable, CustomStringConvertible {
  /// Which build.
  public enum Variant: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Plain scalar loops, no packing: the yardstick.
    case reference
    /// The platform's baseline instruction set.
    case portable
    /// x86-64 with AVX2 and FMA (compiled for Haswell).
    case avx2
    /// x86-64 with AVX-512 F/CD/BW/DQ/VL (compiled for Skylake-SP).
    case avx512

    public var description: String { rawValue }
  }

  /// The build these kernels come from.
  public let variant: Variant
  /// GEMM rows per register tile (MR); 1 for ``Variant/reference``.
  public let rowTile: Int
  /// GEMM columns per packed weight panel (NR); 1 for ``Variant/reference``.
  public let columnTile: Int

  /// Number of NR-wide panels for `n` columns.
  let panelCount: @Sendable (_ columns: Int) -> Int
  /// Floats needed to pack a `k × n` B matrix.
  let packedCount: @Sendable (_ rows: Int, _ columns: Int) -> Int
  /// Packs B from `n` rows of `k` floats (its transpose); see `PackedGEMM.pack`.
  let pack:
    @Sendable (
      _ weights: UnsafePointer<Float>, _ n: Int, _ k: Int, _ rowStride: Int,
      _ packed: UnsafeMutablePointer<Float>
    ) -> Void
  /// Computes rows × panels of a packed GEMM; see `PackedGEMM.multiply`.
  let multiply:
    @Sendable (_ operands: GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  /// Computes rows × panels of a packed GEMM with A gathered through row pointers; see
  /// `PackedGEMM.multiplyIndirect`.
  let multiplyIndirect:
    @Sendable (_ operands: IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  /// Computes output rows of a depthwise convolution; see `DepthwiseConvolution.run`.
  let depthwise: @Sendable (_ operands: DepthwiseOperands, _ rows: Range<Int>) -> Void

  /// The kernels of `variant`, or nil when this build lacks them or this CPU cannot run them.
  public init?(_ variant: Variant) {
    self.init(variant, features: CPUFeatures.host)
  }

  private init?(_ variant: Variant, features: CPUFeatures) {
    self.variant = variant
    switch variant {
    case .reference, .portable:
      rowTile = variant == .reference ? 1 : OcellusKernels.KernelTarget.rowTile
      columnTile = variant == .reference ? 1 : OcellusKernels.KernelTarget.columnTile
      panelCount = { OcellusKernels.PackedGEMM.panelCount(columns: $0) }
      packedCount = { OcellusKernels.PackedGEMM.packedCount(rows: $0, columns: $1) }
      pack = { OcellusKernels.PackedGEMM.pack($0, rows: $1, columns: $2, rowStride: $3, into: $4) }
      multiply = { OcellusKernels.PackedGEMM.multiply($0, rows: $1, panels: $2) }
      multiplyIndirect = { OcellusKernels.PackedGEMM.multiplyIndirect($0, rows: $1, panels: $2) }
      depthwise = { OcellusKernels.DepthwiseConvolution.run($0, rows: $1) }
    case .avx2:
      #if canImport(OcellusKernelsAVX2)
        guard features.supportsAVX2 else { return nil }
        rowTile = OcellusKernelsAVX2.KernelTarget.rowTile
        columnTile = OcellusKernelsAVX2.KernelTarget.columnTile
        panelCount = { OcellusKernelsAVX2.PackedGEMM.panelCount(columns: $0) }
        packedCount = { OcellusKernelsAVX2.PackedGEMM.packedCount(rows: $0, columns: $1) }
        pack = {
          OcellusKernelsAVX2.PackedGEMM.pack($0, rows: $1, columns: $2, rowStride: $3, into: $4)
        }
        multiply = { OcellusKernelsAVX2.PackedGEMM.multiply($0, rows: $1, panels: $2) }
        multiplyIndirect = {
          OcellusKernelsAVX2.PackedGEMM.multiplyIndirect($0, rows: $1, panels: $2)
        }
        depthwise = { OcellusKernelsAVX2.DepthwiseConvolution.run($0, rows: $1) }
      #else
        return nil
      #endif
    case .avx512:
      #if canImport(OcellusKernelsAVX512)
        guard features.supportsAVX512 else { return nil }
        rowTile = OcellusKernelsAVX512.KernelTarget.rowTile
        columnTile = OcellusKernelsAVX512.KernelTarget.columnTile
        panelCount = { OcellusKernelsAVX512.PackedGEMM.panelCount(columns: $0) }
        packedCount = { OcellusKernelsAVX512.PackedGEMM.packedCount(rows: $0, columns: $1) }
        pack = {
          OcellusKernelsAVX512.PackedGEMM.pack($0, rows: $1, columns: $2, rowStride: $3, into: $4)
        }
        multiply = { OcellusKernelsAVX512.PackedGEMM.multiply($0, rows: $1, panels: $2) }
        multiplyIndirect = {
          OcellusKernelsAVX512.PackedGEMM.multiplyIndirect($0, rows: $1, panels: $2)
        }
        depthwise = { OcellusKernelsAVX512.DepthwiseConvolution.run($0, rows: $1) }
      #else
        return nil
      #endif
    }
  }

  /// Every build this process can run, slowest first (``Variant/reference`` first).
  public static let available: [KernelSet] = Variant.allCases.compactMap { KernelSet($0) }

  /// The fastest build this CPU runs, or the one `OCELLUS_KERNELS` names if this CPU runs it.
  public static let detected: KernelSet = {
    let fastest = available.last { $0.variant != .reference } ?? available[0]
    guard let requested = getenv("OCELLUS_KERNELS") else { return fastest }
    let name = String(cString: requested).lowercased()
    return available.first { $0.variant.rawValue == name } ?? fastest
  }()

  /// The build in effect here: the innermost ``withCurrent(_:)``'s, else ``detected``.
  public static var current: KernelSet { scoped ?? detected }

  @TaskLocal private static var scoped: KernelSet?

  /// Runs `body` with this build as ``current`` (for this task and the code it calls
  /// synchronously): interpreters created inside `body` run on this build.
  public func withCurrent<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    let outcome = KernelSet.$scoped.withValue(self) {
      Swift.Result { () throws(Failure) -> Result in try body() }
    }
    return try outcome.get()
  }

  public static func == (lhs: KernelSet, rhs: KernelSet) -> Bool { lhs.variant == rhs.variant }

  public var description: String {
    variant == .reference ? "reference" : "\(variant) (\(rowTile)×\(columnTile) GEMM tile)"
  }
}
