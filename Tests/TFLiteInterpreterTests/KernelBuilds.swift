import OcellusKernels
import TFLiteInterpreter

#if canImport(OcellusKernelsAVX2)
  import OcellusKernelsAVX2
#endif
#if canImport(OcellusKernelsAVX512)
  import OcellusKernelsAVX512
#endif
#if canImport(OcellusKernelsVNNI)
  import OcellusKernelsVNNI
#endif
#if canImport(OcellusKernelsVBMI)
  import OcellusKernelsVBMI
#endif

/// Every build of the kernels this CPU runs, by name, for tests that call an entry point of
/// each directly and compare it with its scalar arithmetic.
enum KernelBuilds {
  static var hosted: [(name: String, entry: KernelEntryPoints)] {
    var builds: [(name: String, entry: KernelEntryPoints)] = [
      ("portable", OcellusKernels.KernelTarget.entryPoints)
    ]
    let host = CPUFeatures.host
    #if canImport(OcellusKernelsAVX2)
      if host.supportsAVX2 { builds.append(("avx2", OcellusKernelsAVX2.KernelTarget.entryPoints)) }
    #endif
    #if canImport(OcellusKernelsAVX512)
      if host.supportsAVX512 {
        builds.append(("avx512", OcellusKernelsAVX512.KernelTarget.entryPoints))
      }
    #endif
    #if canImport(OcellusKernelsVNNI)
      if host.supportsVNNI {
        builds.append(("avx512vnni", OcellusKernelsVNNI.KernelTarget.entryPoints))
      }
    #endif
    #if canImport(OcellusKernelsVNNI) && canImport(OcellusKernelsVBMI)
      // The VNNI build with the VBMI module's byte lookups, as KernelSet assembles it.
      if host.supportsVBMI {
        var entry = OcellusKernelsVNNI.KernelTarget.entryPoints
        entry.byteLookup = { OcellusKernelsVBMI.ByteLookup.run($0, $1, $2, count: $3) }
        builds.append(("avx512vnni+vbmi", entry))
      }
    #endif
    return builds
  }
}
