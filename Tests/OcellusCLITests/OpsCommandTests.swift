import Foundation
import OcellusTestSupport
import Testing

/// `ocellus ops`, run as a user runs it, and Docs/OPERATORS.md's operator table it generates.
@Suite("ocellus ops", .enabled(if: ToolRunner.executable != nil))
struct OpsCommandTests {
  /// Docs/OPERATORS.md's generated table sits between these lines.
  static let markers = (begin: "<!-- ops:begin -->\n", end: "<!-- ops:end -->")

  /// `ocellus ops --json`, parsed.
  static func operators() throws -> [[String: Any]] {
    let result = try ToolRunner.run(["ops", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(document as? [[String: Any]])
  }

  @Test("--json lists every operator with its types, notes and kernels")
  func json() throws {
    let operators = try Self.operators()
    #expect(operators.count > 100)
    for entry in operators {
      #expect(Set(entry.keys) == ["operator", "types", "notes", "kernels"], "\(entry)")
    }
    let byName = Dictionary(
      operators.compactMap { entry in (entry["operator"] as? String).map { ($0, entry) } }
    ) { first, _ in first }
    #expect(byName.count == operators.count, "an operator is listed twice")
    let conv = try #require(byName["CONV_2D"])
    #expect(conv["types"] as? [String] == ["float32", "int8", "uint8", "int16", "hybrid"])
    #expect((conv["notes"] as? String)?.contains("per-channel") == true)
    let postProcess = try #require(byName["CUSTOM:TFLite_Detection_PostProcess"])
    #expect(postProcess["types"] as? [String] == ["float32", "int8", "uint8"])
    #expect(byName["VAR_HANDLE"]?["types"] as? [String] == [])
    let convKernels = try #require(conv["kernels"] as? [[String: Any]])
    #expect(
      convKernels.compactMap { $0["kernel"] as? String } == [
        "ConvolutionKernel", "QuantizedConvolutionKernel", "Int16x8ConvolutionKernel",
        "HybridConvolutionKernel", "ChannelGroupKernel", "SubstitutedFilterKernel",
      ])
    #expect(convKernels.first?["types"] as? [String] == ["float32"])
  }

  @Test("--where CONV_2D names every kernel with its types and file, then the catalog")
  func whereConvolution() throws {
    let result = try ToolRunner.run(["ops", "--where", "conv_2d"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("CONV_2D: per-channel") == true)
    let folder = "Sources/TFLiteInterpreter/Kernels/Convolution/"
    #expect(lines.last == "registered in Sources/TFLiteInterpreter/Kernels/KernelCatalog.swift")
    for (types, kernel) in [
      ("float32", "ConvolutionKernel"), ("int8, uint8", "QuantizedConvolutionKernel"),
      ("int16", "Int16x8ConvolutionKernel"), ("hybrid", "HybridConvolutionKernel"),
    ] {
      let row = lines.first { $0.hasPrefix(types + " ") && $0.contains(" \(kernel) ") }
      #expect(row?.hasSuffix("\(folder)\(kernel).swift") == true, "no row for \(kernel)")
    }
    let unknown = try ToolRunner.run(["ops", "--where", "NOT_AN_OP"])
    #expect(unknown.status != 0)
    #expect(unknown.standardError.contains("no kernel runs NOT_AN_OP"))
  }

  @Test("the text table has a row per operator, in the JSON's order")
  func text() throws {
    let names = try Self.operators().compactMap { $0["operator"] as? String }
    let result = try ToolRunner.run(["ops"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("\(names.count - 1) builtin operators and 1 custom one") == true)
    let rows = lines.dropFirst(3).filter { !$0.isEmpty }
    let readme = try String(
      contentsOf: SharedData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      readme.contains("runs \(names.count - 1) builtin operators and 1 custom one"),
      "README.md's operator count is stale")
    #expect(rows.compactMap { $0.split(separator: " ").first.map(String.init) } == names)
    let abs = try #require(rows.first { $0.hasPrefix("ABS ") })
    #expect(abs.contains("float32, int8, int16, int32"))
  }

  @Test("Docs/OPERATORS.md's operator table is what `ocellus ops --markdown` prints")
  func operatorsTableIsCurrent() throws {
    let generated = try ToolRunner.run(["ops", "--markdown"])
    #expect(generated.status == 0, "\(generated.standardError)")
    let readme = try String(
      contentsOf: SharedData.packageRoot.appendingPathComponent("Docs/OPERATORS.md"),
      encoding: .utf8)
    let begin = try #require(
      readme.range(of: Self.markers.begin), "Docs/OPERATORS.md has no \(Self.markers.begin) line")
    let end = try #require(
      readme.range(of: Self.markers.end, range: begin.upperBound..<readme.endIndex),
      "Docs/OPERATORS.md has no \(Self.markers.end) line after the begin marker")
    #expect(
      String(readme[begin.upperBound..<end.lowerBound]) == generated.standardOutput,
      """
      Docs/OPERATORS.md's operator table is stale: replace the lines between the ops markers \
      with the output of `.build/release/ocellus ops --markdown`
      """)
    let rows = generated.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == (try Self.operators()).count)
  }

  @Test("arguments and conflicting formats are usage errors")
  func usage() throws {
    let extra = try ToolRunner.run(["ops", "CONV_2D"])
    #expect(extra.status == 2)
    #expect(extra.standardError.contains("ops takes no arguments"))
    let both = try ToolRunner.run(["ops", "--json", "--markdown"])
    #expect(both.status == 2)
    #expect(both.standardError.contains("exclude each other"))
  }
}
