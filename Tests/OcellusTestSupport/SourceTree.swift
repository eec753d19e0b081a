import Foundation

/// The package's own Swift sources, for tests that check the code base itself (documented
/// names exist, function length, layering).
public enum SourceTree {
  /// One source file: its path below `Sources/` and its text.
  public struct File: Sendable {
    public var path: String
    public var text: String
  }

  /// Every `.swift` file below `Sources/<folder>` (the whole tree for ""), symbolic links (the
  /// per-CPU kernel copies) left out so each file is read once.
  public static func swiftFiles(in folder: String = "") throws -> [File] {
    let sources = SharedData.packageRoot.appendingPathComponent("Sources")
    let root = folder.isEmpty ? sources : sources.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: root.path) else {
      throw CocoaError(.fileNoSuchFile)
    }
    var files: [File] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let url = root.appendingPathComponent(relative)
      guard (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil else {
        continue
      }
      let path = folder.isEmpty ? relative : "\(folder)/\(relative)"
      files.append(File(path: path, text: try String(contentsOf: url, encoding: .utf8)))
    }
    return files
  }
}
