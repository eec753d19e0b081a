public import OcellusKernels

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
#if canImport(OcellusKernelsVNNI)
  internal import OcellusKernelsVNNI
#endif
#if canImport(OcellusKernelsVBMI)
  internal import OcellusKernelsVBMI
#endif

/// One compiled build of the compute kernels, and the one place that chooses among them: the
/// interpreter's `KernelSet`, the JPEG decoder's `JPEGKernelSet` and the tests all ask here.
///
/// The builds are the kernel sources compiled for different CPUs: `portable` (the platform's
/// baseline: SSE2 on x86-64, NEON on arm64), and on x86-64 `avx2` (Haswell: AVX2 + FMA),
/// `avx512` (Skylake-SP) and `avx512vnni` (Cascade Lake: the AVX-512 build whose int8 GEMM
/// runs on `vpdpbusd`). Finer CPU features plug single entries into a build: with AVX-512 VBMI
/// (Ice Lake, Zen 4) the `avx512vnni` build's byte tables run on `vpermi2b`.
///
/// ``detected`` is the fastest build this CPU runs, unless the environment variable
/// `OCELLUS_KERNELS` (``requestedName``, read once) names another one it runs.
public enum KernelBuild: String, Sendable, CaseIterable {
  /// The platform's baseline instruction set.
  case portable
  /// x86-64 with AVX2 and FMA (compiled for Haswell).
  case avx2
  /// x86-64 with AVX-512 F/CD/BW/DQ/VL (compiled for Skylake-SP).
  case avx512
  /// x86-64 with AVX-512 and VNNI (compiled for Cascade Lake).
  case avx512vnni

  /// `OCELLUS_KERNELS`, lowercased, as the process started; nil when unset. Besides the
  /// builds' names the interpreter accepts `reference` (its scalar loops).
  public static let requestedName: String? = getenv("OCELLUS_KERNELS").map {
    String(cString: $0).lowercased()
  }

  /// The builds this binary holds and this CPU runs, slowest first.
  public static let available: [KernelBuild] = allCases.filter(\.isAvailable)

  /// The fastest available build, or the one ``requestedName`` names if it is available.
  public static let detected: KernelBuild = {
    let fastest = available.last ?? .portable
    return available.first { $0.rawValue == requestedName } ?? fastest
  }()

  /// The build's compute entry points with the plugs this CPU takes (VBMI's byte tables on
  /// `avx512vnni`); nil when the build is not available.
  public var entryPoints: KernelEntryPoints? { entries(finerFeatures: true) }

  /// The build's entry points without finer features' plugs (VBMI): what the tests compare
  /// each plug with; nil when the build is not available.
  public var moduleEntryPoints: KernelEntryPoints? { entries(finerFeatures: false) }

  /// True when this binary holds the build and this CPU runs it.
  public var isAvailable: Bool {
    let features = CPUFeatures.host
    switch self {
    case .portable: return true
    case .avx2: return Self.hasAVX2Module && features.supportsAVX2
    case .avx512: return Self.hasAVX512Modules && features.supportsAVX512
    case .avx512vnni: return Self.hasAVX512Modules && features.supportsVNNI
    }
  }

  /// The build's entry points: the portable module's (the baseline, every entry), the AVX2 or
  /// AVX-512 module's whole set, or for `avx512vnni` AVX-512's with the VNNI module's int8 GEMM
  /// plugged in, and VBMI's byte tables too when `finerFeatures` and the CPU has VBMI.
  private func entries(finerFeatures: Bool) -> KernelEntryPoints? {
    guard isAvailable else { return nil }
    switch self {
    case .portable:
      return OcellusKernels.KernelTarget.entryPoints
    case .avx2:
      #if canImport(OcellusKernelsAVX2)
        return OcellusKernelsAVX2.KernelTarget.entryPoints
      #else
        return nil
      #endif
    case .avx512, .avx512vnni:
      #if canImport(OcellusKernelsAVX512) && canImport(OcellusKernelsVNNI)
        var entries = OcellusKernelsAVX512.KernelTarget.entryPoints
        guard self == .avx512vnni else { return entries }
        OcellusKernelsVNNI.KernelTarget.plugInt8(into: &entries)
        #if canImport(OcellusKernelsVBMI)
          if finerFeatures && CPUFeatures.host.supportsVBMI {
            OcellusKernelsVBMI.ByteLookup.plug(into: &entries)
          }
        #endif
        return entries
      #else
        return nil
      #endif
    }
  }

  /// Whether the AVX2 module is compiled in (x86-64 hosts).
  private static var hasAVX2Module: Bool {
    #if canImport(OcellusKernelsAVX2)
      return true
    #else
      return false
    #endif
  }

  /// Whether the AVX-512 and VNNI modules are compiled in (x86-64 hosts).
  private static var hasAVX512Modules: Bool {
    #if canImport(OcellusKernelsAVX512) && canImport(OcellusKernelsVNNI)
      return true
    #else
      return false
    #endif
  }

  /// The build's JPEG pixel kernels; nil when the build is not available. `avx512vnni` has
  /// no JPEG code of its own (nothing there differs from AVX-512): it runs `avx512`'s.
  public var jpegEntryPoints: JPEGKernelEntryPoints? {
    guard isAvailable else { return nil }
    switch self {
    case .portable:
      return OcellusKernels.KernelTarget.jpegEntryPoints
    case .avx2:
      #if canImport(OcellusKernelsAVX2)
        return OcellusKernelsAVX2.KernelTarget.jpegEntryPoints
      #else
        return nil
      #endif
    case .avx512, .avx512vnni:
      #if canImport(OcellusKernelsAVX512)
        return OcellusKernelsAVX512.KernelTarget.jpegEntryPoints
      #else
        return nil
      #endif
    }
  }
}
