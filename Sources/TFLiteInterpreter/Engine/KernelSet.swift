internal import OcellusKernelSelection
internal import OcellusKernels

/// The build of the compute kernels (GEMM, depthwise convolution, their integer variants and
/// the 8-bit widening) that an interpreter's kernels call: the one dispatch point between the
/// interpreter and the CPU-specific kernel modules.
///
/// The kernel modules are the same sources compiled for different CPUs: `portable` (baseline
/// for the platform: SSE2 on x86-64, NEON on arm64), `avx2` (Haswell and later: AVX2 + FMA) and
/// `avx512` (Skylake-SP and later) and `avx512vnni` (Cascade Lake, Ice Lake, Zen 4), the last
/// three only on x86-64. `reference` runs plain scalar
/// loops instead — obviously correct, slow, for checking the others.
///
/// An interpreter runs the set its ``InterpreterOptions/kernels`` names, ``detected`` unless
/// chosen otherwise; the plan builder hands it to every kernel as it is prepared. ``detected``
/// is the fastest build this CPU runs, unless the environment variable `OCELLUS_KERNELS` names
/// another (`reference`, `portable`, `avx2`, `avx512`, `avx512vnni`) that it can run (read once, the first
/// time ``detected`` is used; a name the CPU cannot run is ignored). Results of all builds
/// agree to about 1e-6 relative (they differ in whether multiply-adds are fused); each build
/// gives identical results for any thread count, and the integer kernels of every build are
/// bit-exact.
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
    /// x86-64 with AVX-512 and VNNI (compiled for Cascade Lake): the AVX-512 kernels plus
    /// int8 convolutions on 8-bit dot products; with AVX-512 VBMI too (Ice Lake, Zen 4), its
    /// byte tables come from the VBMI module (`vpermi2b`).
    case avx512vnni

    public var description: String { rawValue }
  }

  /// The build these kernels come from.
  public let variant: Variant
  /// GEMM rows per register tile (MR); 1 for ``Variant/reference``.
  public var rowTile: Int { variant == .reference ? 1 : entry.rowTile }
  /// GEMM columns per packed weight panel (NR); 1 for ``Variant/reference``.
  public var columnTile: Int { variant == .reference ? 1 : entry.columnTile }
  /// The build's entry points (`kernels.entry.multiply`, `kernels.entry.quantizedDepthwise`,
  /// …; see `KernelEntryPoints`): every call of a compute kernel goes through here.
  /// ``Variant/reference`` binds the portable module's, which its kernels call only for the
  /// float activations and SOFTMAX's exponentials (`floatFunction`); the rest run their own
  /// scalar loops.
  let entry: OcellusKernels.KernelEntryPoints

  /// The kernels of `variant`, or nil when this build lacks them or this CPU cannot run them.
  public init?(_ variant: Variant) {
    // The reference kernels run their own scalar loops; they carry the portable entry points.
    let build = variant == .reference ? .portable : KernelBuild(rawValue: variant.rawValue)
    guard let entry = build?.entryPoints else { return nil }
    self.variant = variant
    self.entry = entry
  }

  /// True for ``Variant/reference``, whose kernels run scalar loops instead of these entry
  /// points.
  var isReference: Bool { variant == .reference }

  /// True when the int8 GEMM (`entry.int8Multiply`) is fast: on 8-bit dot products (the VNNI
  /// build) or 16-bit pairs (the AVX2 and AVX-512 builds).
  var hasFastInt8GEMM: Bool { variant == .avx2 || variant == .avx512 || variant == .avx512vnni }

  /// True when the int8 GEMM multiplies int8 activations as they are (VNNI's dot product
  /// takes one signed operand) rather than flipped to unsigned; the 16-bit-pair builds widen
  /// the activations anyway, so the flip costs them nothing and saves the row sums.
  var readsSignedActivations: Bool { variant == .avx512vnni }

  /// Every build this process can run, slowest first (``Variant/reference`` first).
  public static let available: [KernelSet] = Variant.allCases.compactMap { KernelSet($0) }

  /// The fastest build this CPU runs, or the one `OCELLUS_KERNELS` names if this CPU runs it
  /// (`KernelBuild.detected`, the choice the JPEG decoder makes too; `reference` is this
  /// type's own): the default of ``InterpreterOptions/kernels``.
  public static let detected: KernelSet = {
    if KernelBuild.requestedName == Variant.reference.rawValue,
      let reference = KernelSet(.reference)
    {
      return reference
    }
    return KernelSet(Variant(rawValue: KernelBuild.detected.rawValue) ?? .portable) ?? available[0]
  }()

  public static func == (lhs: KernelSet, rhs: KernelSet) -> Bool { lhs.variant == rhs.variant }

  public var description: String {
    variant == .reference ? "reference" : "\(variant) (\(rowTile)×\(columnTile) GEMM tile)"
  }
}
