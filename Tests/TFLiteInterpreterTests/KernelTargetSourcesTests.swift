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
    // The CPU's flags are read once, and the entry-point structs are declared once, by the
    // portable module; the others import it.
    let copied = portable.subtracting([
      "CPUFeatures.swift", "KernelEntryPoints.swift", "JPEGKernelEntryPoints.swift",
      "PanelFormat.swift",
      "FloatFunction.swift",
    ])
    switch target {
    // Only the int8 dot products differ between AVX-512 and AVX-512 VNNI: the int8 GEMM, its
    // requantization and the helpers they use, and the plug that puts them in.
    case "OcellusKernelsVNNI":
      return [
        "Int8GEMM.swift", "Int8GEMM+HalfPanel.swift", "Int8GEMM+Indirect.swift",
        "Int8GEMM+Plug.swift", "Int8GEMMOperands.swift", "Int8IndirectGEMMOperands.swift",
        "Int8SumsOperands.swift", "KernelTarget.swift", "LaneComparison.swift",
        "Requantization.swift", "Requantization+ChannelBlock.swift",
        "Requantization+ExactBlock.swift", "Requantization+Uniform.swift",
        "RequantizationTable.swift", "VNNI.swift", "VectorHelpers.swift",
      ]
    // Only the byte tables differ with AVX-512 VBMI.
    case "OcellusKernelsVBMI": return ["ByteLookup.swift", "ByteLookup+Plug.swift"]
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
