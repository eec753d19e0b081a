import OcellusKernelSelection
import OcellusKernels

/// Every build of the kernels this CPU runs, by name, for tests that call an entry point of
/// each directly and compare it with its scalar arithmetic: each build's module as compiled,
/// and, where a finer CPU feature plugs entries into it, the plugged build too (as
/// `avx512vnni+vbmi`), all from the one selector the interpreter uses (`KernelBuild`).
enum KernelBuilds {
  static var hosted: [(name: String, entry: KernelEntryPoints)] {
    var builds: [(name: String, entry: KernelEntryPoints)] = []
    for build in KernelBuild.available {
      guard let own = build.moduleEntryPoints, let plugged = build.entryPoints else { continue }
      builds.append((build.rawValue, own))
      if build == .avx512vnni && CPUFeatures.host.supportsVBMI {
        builds.append(("\(build.rawValue)+vbmi", plugged))
      }
    }
    return builds
  }
}
