import Foundation
import OcellusTestSupport
import Testing

/// The per-CPU kernel targets hold exactly the sources they should: symbolic links to the
/// files of Sources/OcellusKernels of the same name, and only those whose code differs on that
/// CPU (Package.swift compiles each folder with its own `-target-cpu`).
@Suite("per-CPU kernel targets")
struct KernelTargetSourcesTests {
  /// The portable module's sources.
  static func portableSources() throws -> Set<String> {
    Set(try sources(of: "OcellusKernels").filter { $0.hasSuffix(".swift") })
  }

  static func sources(of target: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: SharedData.packageRoot.appendingPathComponent("Sources/\(target)").path
    ).filter { !$0.hasSuffix(".docc") }
  }

  /// What each per-CPU target compiles, from the portable sources.
  static func expected(_ target: String, portable: Set<String>) -> Set<String> {
    // The CPU's flags are read once, by the portable module.
    let copied = portable.subtracting(["CPUFeatures.swift"])
    // The JPEG pixel kernels have no code that differs between AVX-512 and AVX-512 VNNI.
    let jpeg = copied.filter { $0.hasPrefix("JPEG") || $0 == "AVX2Words.swift" }
    switch target {
    case "OcellusKernelsVNNI": return copied.subtracting(jpeg)
    // Only the byte tables differ with AVX-512 VBMI; KernelBuild plugs them in.
    case "OcellusKernelsVBMI": return ["ByteLookup.swift"]
    default: return copied
    }
  }

  @Test(
    "each per-CPU target links exactly its sources",
    arguments: [
      "OcellusKernelsAVX2", "OcellusKernelsAVX512", "OcellusKernelsVNNI", "OcellusKernelsVBMI",
    ]
  )
  func targetSources(_ target: String) throws {
    let portable = try Self.portableSources()
    let present = Set(try Self.sources(of: target))
    let expected = Self.expected(target, portable: portable)
    #expect(present.subtracting(expected).sorted() == [], "\(target) holds sources it should not")
    #expect(expected.subtracting(present).sorted() == [], "\(target) lacks sources")
    let folder = SharedData.packageRoot.appendingPathComponent("Sources/\(target)")
    for file in present {
      let link = try? FileManager.default.destinationOfSymbolicLink(
        atPath: folder.appendingPathComponent(file).path)
      #expect(link == "../OcellusKernels/\(file)", "\(target)/\(file) is not a link to its source")
    }
  }
}
