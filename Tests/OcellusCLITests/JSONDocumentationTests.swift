import Foundation
import OcellusTestSupport
import Testing

/// `Docs/JSON.md` stays true: every example there is run again with the built tool, and the
/// keys of what the tool prints must be exactly the keys of the documented example.
///
/// The document's format, which these tests rely on: one `## name` section per command; in it,
/// each example is a ```` ```sh ```` block holding one `ocellus …` line, followed by a
/// ```` ```json ```` block with the output (JSON Lines for `track`; for `demo`, the
/// `report.json` written to the `--output` folder). Keys are compared recursively as paths
/// (`objects[].labels[].text`), arrays by their first element, so examples may shorten long
/// arrays but must keep each array's first element whole.
@Suite("Docs/JSON.md matches the tool", .enabled(if: ToolRunner.executable != nil))
struct JSONDocumentationTests {
  /// Every command with `--json` output (or, for `demo`, a JSON report).
  static let commands = [
    "inspect", "bench", "bench-frame", "decode", "label", "detect", "track", "models", "ops",
    "demo",
  ]

  /// One documented example: the tool's arguments and the JSON text shown.
  struct Example: CustomStringConvertible {
    var arguments: [String]
    var json: String
    var description: String { "ocellus " + arguments.joined(separator: " ") }
  }

  /// What went wrong reading the document.
  struct DocumentError: Error, CustomStringConvertible {
    var description: String
  }

  static let documentPath = SharedData.packageRoot.appendingPathComponent("Docs/JSON.md").path

  /// The document's sections: heading name (first word, backticks removed) → its lines.
  static func sections() throws -> [String: [String]] {
    let text = try String(contentsOfFile: documentPath, encoding: .utf8)
    var sections: [String: [String]] = [:]
    var current: String?
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("## ") {
        let title = line.dropFirst(3).replacingOccurrences(of: "`", with: "")
        current = title.split(separator: " ").first.map(String.init)
        if let current { sections[current] = [] }
      } else if let current {
        sections[current, default: []].append(line)
      }
    }
    return sections
  }

  /// The fenced blocks of `lines`, in order: (info string, body).
  static func fencedBlocks(_ lines: [String]) throws -> [(language: String, body: String)] {
    var blocks: [(String, String)] = []
    var open: (language: String, body: [String])?
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if let block = open {
          blocks.append((block.language, block.body.joined(separator: "\n")))
          open = nil
        } else {
          open = (String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
        }
      } else if open != nil {
        open?.body.append(line)
      }
    }
    if open != nil { throw DocumentError(description: "a fenced block is not closed") }
    return blocks
  }

  /// The examples of one command's section: each `json` block with the `sh` block before it.
  static func examples(of command: String) throws -> [Example] {
    guard let lines = try sections()[command] else {
      throw DocumentError(description: "Docs/JSON.md has no \"## \(command)\" section")
    }
    var examples: [Example] = []
    var lastCommand: [String]?
    for block in try fencedBlocks(lines) {
      switch block.language {
      case "sh":
        let line = block.body.split(separator: "\n").map(String.init).first {
          $0.hasPrefix("ocellus ")
        }
        lastCommand = line.map { $0.split(separator: " ").dropFirst().map(String.init) }
      case "json":
        guard let arguments = lastCommand else {
          throw DocumentError(
            description: "a json block in \"## \(command)\" has no ```sh block with its command")
        }
        guard arguments.first == command else {
          throw DocumentError(
            description:
              "\"## \(command)\" shows the output of `ocellus \(arguments.joined(separator: " "))`")
        }
        examples.append(Example(arguments: arguments, json: block.body))
        lastCommand = nil
      default:
        continue
      }
    }
    return examples
  }

  /// Parses a JSON document, or JSON Lines (one document per non-empty line).
  static func documents(_ text: String) throws -> [Any] {
    let data = Data(text.utf8)
    if let whole = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
      return [whole]
    }
    return try text.split(separator: "\n").filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }.map {
      try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
    }
  }

  /// Every key path of `value`: `a`, `a.b`, `list[].c`; arrays by their first element.
  static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
    if let object = value as? [String: Any] {
      var paths = Set<String>()
      for (key, member) in object {
        let path = prefix.isEmpty ? key : prefix + "." + key
        paths.insert(path)
        paths.formUnion(keyPaths(member, prefix: path))
      }
      return paths
    }
    if let array = value as? [Any], let first = array.first {
      return keyPaths(first, prefix: prefix + "[]")
    }
    return []
  }

  /// The key paths of all documents (for JSON Lines: the union over the lines).
  static func keyPaths(ofDocuments documents: [Any]) -> Set<String> {
    documents.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1)) }
  }

  /// Runs the example as documented; for `demo`, into a fresh folder, returning its report.
  static func run(_ example: Example) throws -> String {
    var arguments = example.arguments
    var report: URL?
    if arguments.first == "demo" {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ocellus-json-docs-\(UUID().uuidString)")
      if let flag = arguments.firstIndex(of: "--output"), flag + 1 < arguments.count {
        arguments[flag + 1] = folder.path
      } else {
        arguments += ["--output", folder.path]
      }
      report = folder.appendingPathComponent("report.json")
    }
    defer {
      if let report { try? FileManager.default.removeItem(at: report.deletingLastPathComponent()) }
    }
    let result = try ToolRunner.run(arguments)
    guard result.status == 0 else {
      throw DocumentError(
        description: "`\(example)` exited with \(result.status): \(result.standardError)")
    }
    if let report { return try String(contentsOf: report, encoding: .utf8) }
    return result.standardOutput
  }

  @Test("every command with JSON output has a section with at least one example")
  func everyCommandIsDocumented() throws {
    for command in Self.commands {
      let examples = try Self.examples(of: command)
      #expect(!examples.isEmpty, "\"## \(command)\" in Docs/JSON.md shows no example")
    }
  }

  @Test("the commands whose help offers --json are exactly the documented ones (and demo)")
  func documentedCommandsAreTheJSONCommands() throws {
    let help = try ToolRunner.run(["help", "--markdown"])
    try #require(help.status == 0, "\(help.standardError)")
    var offering: Set<String> = []
    var current: String?
    for line in help.standardOutput.split(separator: "\n") {
      if line.hasPrefix("## `ocellus ") {
        current = line.dropFirst("## `ocellus ".count).split(separator: "`").first.map(String.init)
      } else if let current, line.hasPrefix("| `--json") {
        offering.insert(current)
      }
    }
    #expect(offering.count >= 6, "the help lists --json for only \(offering.sorted())")
    let documented = Set(Self.commands).subtracting(["demo"])
    #expect(
      offering == documented,
      """
      offer --json but are not documented (add a section to Docs/JSON.md and the name to \
      JSONDocumentationTests.commands): \(offering.subtracting(documented).sorted()); \
      documented but without --json: \(documented.subtracting(offering).sorted())
      """)
  }

  @Test(
    "the documented examples have exactly the keys the tool prints",
    arguments: JSONDocumentationTests.commands)
  func examplesMatchTheTool(command: String) throws {
    let examples = try Self.examples(of: command)
    try #require(!examples.isEmpty)
    for example in examples {
      let documented = try Self.documents(example.json)
      #expect(!documented.isEmpty, "the example of `\(example)` is empty")
      let printed = try Self.documents(try Self.run(example))
      let expected = Self.keyPaths(ofDocuments: documented)
      let actual = Self.keyPaths(ofDocuments: printed)
      #expect(
        actual == expected,
        """
        `\(example)`: keys printed but not documented: \(actual.subtracting(expected).sorted()); \
        documented but not printed: \(expected.subtracting(actual).sorted())
        """)
      // An example that lost its content would pass the comparison trivially.
      #expect(expected.count >= 3, "the example of `\(example)` has almost no keys")
    }
  }

  @Test("key paths: nested objects, arrays by their first element, JSON Lines as a union")
  func keyPathRules() throws {
    let value = try Self.documents(
      """
      {"a": 1, "b": {"c": [{"d": 2, "e": null}, {"f": 3}]}, "g": [], "h": [1, 2]}
      """)
    #expect(
      Self.keyPaths(ofDocuments: value) == ["a", "b", "b.c", "b.c[].d", "b.c[].e", "g", "h"])
    let lines = try Self.documents("{\"x\": 1}\n{\"y\": {\"z\": true}}\n")
    #expect(lines.count == 2)
    #expect(Self.keyPaths(ofDocuments: lines) == ["x", "y", "y.z"])
  }
}
