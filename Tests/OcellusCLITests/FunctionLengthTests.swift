import Foundation
import OcellusTestSupport
import Testing

/// Every function in `Sources/` reads at once: no function, initializer, subscript or computed
/// property is longer than 80 lines, from its declaration to its closing brace. (Symbolic
/// links, the per-CPU kernel copies, are counted once, in `Sources/OcellusKernels`.)
@Suite("function length")
struct FunctionLengthTests {
  static let limit = 80

  /// A declaration that opens a body: `func`, `init`, `subscript`, or a `var` ending in `{`.
  static var declaration: Regex<(Substring, Substring)> {
    /^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|override|final|mutating|nonisolated|convenience|required|@inlinable|@usableFromInline)\s+)*(func|init|subscript|var)\b/
  }

  /// The change in brace depth over `line`, ignoring braces in string literals and comments.
  static func braceBalance(_ line: Substring) -> (delta: Int, opens: Bool) {
    var delta = 0
    var opens = false
    var inString = false
    var previous: Character = " "
    for character in line {
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "/" && previous == "/" {
        break
      } else if character == "{" {
        delta += 1
        opens = true
      } else if character == "}" {
        delta -= 1
      }
      previous = previous == "\\" && character == "\\" ? " " : character
    }
    return (delta, opens)
  }

  /// The lines from line `start` to the brace closing the body opened there, or nil when no
  /// body opens within the declaration's first 12 lines.
  static func bodyLength(_ lines: [Substring], from start: Int) -> Int? {
    var depth = 0
    var opened = false
    for index in start..<lines.count {
      let balance = braceBalance(lines[index])
      depth += balance.delta
      opened = opened || balance.opens
      if opened && depth <= 0 { return index - start + 1 }
      if !opened && index > start + 12 { return nil }
    }
    return nil
  }

  /// Functions over the limit in `text`: (line, length, declaration).
  static func longFunctions(in text: String) -> [(line: Int, length: Int, what: String)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [(Int, Int, String)] = []
    let keywords = ["func ", "init", "subscript", "var "]
    for (index, line) in lines.enumerated() where keywords.contains(where: { line.contains($0) }) {
      guard let match = line.firstMatch(of: declaration) else { continue }
      if match.output.1 == "var" && !line.trimmingCharacters(in: .whitespaces).hasSuffix("{") {
        continue
      }
      if let length = bodyLength(lines, from: index), length > limit {
        found.append((index + 1, length, line.trimmingCharacters(in: .whitespaces)))
      }
    }
    return found
  }

  @Test("no function in Sources/ is longer than 80 lines")
  func shortFunctions() throws {
    let files = try SourceTree.swiftFiles()
    for file in files {
      for long in Self.longFunctions(in: file.text) {
        Issue.record("Sources/\(file.path):\(long.line): \(long.length) lines: \(long.what)")
      }
    }
    #expect(files.count > 500)
  }
}
