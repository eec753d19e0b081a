import Foundation

/// The inputs coverage-guided fuzzing found (`tools/fuzz`, Docs/FUZZING.md), committed under
/// `Tests/FuzzRegressions/<target>/` so the normal suite replays each through its parser.
public enum FuzzRegressions {
  /// One committed input: its file name (what it broke) and bytes.
  public struct Input: Sendable, CustomStringConvertible {
    public var name: String
    public var bytes: [UInt8]
    public var description: String { name }
  }

  /// The committed inputs of fuzz target `target`, sorted by name (empty if it has none).
  public static func inputs(_ target: String) -> [Input] {
    let folder = SharedData.packageRoot.appendingPathComponent("Tests/FuzzRegressions/\(target)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap { name in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return Input(name: name, bytes: [UInt8](data))
    }
  }
}
