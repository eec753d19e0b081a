import Foundation

/// One ```swift block of a Markdown document (Docs/*.md, README.md, a DocC article), turned
/// into a Swift file that type-checks against the built modules: its imports at the top (a
/// block without any takes those of the document's first block that has some), its statements
/// inside an `async throws` function (a block declaring an extension stays at the top level),
/// with `#sourceLocation` pointing errors at the document. A block importing an Apple-only
/// framework compiles only where that framework exists.
struct DocSnippet {
  /// The document's path relative to the package root.
  let document: String
  /// The 1-based line of the block's first code line.
  let line: Int
  /// The block's lines.
  let code: [Substring]
  /// The imports it compiles with: its own, else the document's.
  let imports: [Substring]

  /// Frameworks some snippets use that exist only on Apple platforms.
  static let appleFrameworks: Set<Substring> = ["UIKit", "AVFoundation", "CoreMedia", "CoreVideo"]

  /// Every ```swift block of `text`.
  static func blocks(in text: String, document: String) -> [DocSnippet] {
    var snippets: [DocSnippet] = []
    var current: (line: Int, code: [Substring])?
    var documentImports: [Substring] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if var open = current {
        if line.hasPrefix("```") {
          let own = open.code.filter { $0.hasPrefix("import ") }
          if documentImports.isEmpty { documentImports = own }
          snippets.append(
            DocSnippet(
              document: document, line: open.line, code: open.code,
              imports: own.isEmpty ? documentImports : own))
          current = nil
        } else {
          open.code.append(line)
          current = open
        }
      } else if line == "```swift" {
        current = (index + 2, [])
      }
    }
    return snippets
  }

  /// A name unique to this block, usable as a Swift identifier.
  var identifier: String {
    let stem = document.map { $0.isLetter || $0.isNumber ? $0 : "_" }
    return "snippet_\(String(stem))_\(line)"
  }

  /// True when the block shows API usage; false for an interface listing (declarations at
  /// column 0 beginning `public `, with signatures but no bodies) and for a package manifest.
  var isUsage: Bool {
    !code.contains { $0.hasPrefix("public ") || $0.hasPrefix("import PackageDescription") }
  }

  /// True when the block declares an extension, which cannot sit inside a function: the
  /// block then stays at the top level of its file.
  var isDeclarationsOnly: Bool {
    code.contains { $0.hasPrefix("extension ") }
  }

  /// The Swift file: imports, then the block in a function (or as is), mapped to the document.
  var source: String {
    var lines = imports.map(String.init)
    let location = "#sourceLocation(file: \"\(document)\", line: \(line))"
    let body = code.map { $0.hasPrefix("import ") ? "" : String($0) }
    if isDeclarationsOnly {
      lines += [location] + body + ["#sourceLocation()"]
    } else {
      lines += ["func \(identifier)() async throws {", location] + body
      lines += ["#sourceLocation()", "}"]
    }
    let frameworks = imports.compactMap { $0.split(separator: " ").dropFirst().first }
      .filter(Self.appleFrameworks.contains)
    if !frameworks.isEmpty {
      let condition = frameworks.map { "canImport(\($0))" }.joined(separator: " && ")
      lines = ["#if \(condition)"] + lines + ["#endif"]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
