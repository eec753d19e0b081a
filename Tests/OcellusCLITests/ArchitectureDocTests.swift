import Foundation
import OcellusTestSupport
import Testing

/// Docs/ARCHITECTURE.md stays true to `Sources/`: every type it names in backticks is declared
/// there, and its tables stay readable; the layering it describes holds.
@Suite("Docs/ARCHITECTURE.md")
struct ArchitectureDocTests {
  /// Every name `Sources/` declares (types, type aliases, extended types) and its target names.
  static func declaredNames() throws -> Set<String> {
    let declaration = /(?:struct|class|enum|protocol|actor|typealias|extension)\s+([A-Za-z0-9_]+)/
    var names = Set<String>()
    for file in try SourceTree.swiftFiles() {
      for match in file.text.matches(of: declaration) { names.insert(String(match.output.1)) }
    }
    let targets = try FileManager.default.contentsOfDirectory(
      atPath: SharedData.packageRoot.appendingPathComponent("Sources").path)
    return names.union(targets)
  }

  /// The type names the document puts in backticks: the leading identifier of each code span
  /// when it is UpperCamelCase (`ModelInterpreter.invoke()` names `ModelInterpreter`); operator
  /// names (`CONV_2D`), acronyms, paths, file names and commands are not type names.
  static func namedTypes(in document: String) -> Set<String> {
    var names = Set<String>()
    for match in document.matches(of: /`([^`\n]+)`/) {
      let span = match.output.1
      guard let name = span.firstMatch(of: /^[A-Z][A-Za-z0-9]*/)?.output,
        name.contains(where: \.isLowercase), !span.contains("/"), !span.hasSuffix(".swift")
      else { continue }
      names.insert(String(name))
    }
    return names
  }

  static func document() throws -> String {
    try String(
      contentsOf: SharedData.packageRoot.appendingPathComponent("Docs/ARCHITECTURE.md"),
      encoding: .utf8)
  }

  @Test("every backticked type name is declared in Sources/")
  func namesExist() throws {
    let named = Self.namedTypes(in: try Self.document())
    #expect(named.count > 50, "the document names \(named.count) types")
    let missing = named.subtracting(try Self.declaredNames()).sorted()
    #expect(missing.isEmpty, "named in ARCHITECTURE.md but not declared in Sources/: \(missing)")
  }

  @Test("no table cell is longer than 300 characters")
  func shortCells() throws {
    for line in try Self.document().split(separator: "\n") where line.hasPrefix("|") {
      for cell in line.split(separator: "|") {
        #expect(cell.count <= 300, "a cell of \(cell.count) characters: \(cell.prefix(60))…")
      }
    }
  }

  @Test("the Ocellus module holds no HTTP or hashing code (that is OcellusRemote's)")
  func leanCore() throws {
    for file in try SourceTree.swiftFiles(in: "Ocellus") {
      for word in ["URLSession", "URLRequest", "HTTP", "SHA256", "SHA-256"] {
        #expect(!file.text.contains(word), "Sources/\(file.path) mentions \(word)")
      }
    }
  }
}
