import Foundation

/// Locates `../shared` (the read-only models, images, references and conformance suites) for
/// tests. `OCELLUS_SHARED` overrides the location. When `CI=true` the data must exist:
/// conformance tests may never be skipped silently there.
public enum SharedData {
  /// The package root, found from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The shared folder.
  public static let root: URL = {
    if let override = ProcessInfo.processInfo.environment["OCELLUS_SHARED"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }()

  /// True when the shared folder exists with its models.
  public static let isAvailable: Bool = FileManager.default.fileExists(
    atPath: root.appendingPathComponent("models").path)

  /// True when running in CI (`CI=true`), where missing shared data is a failure.
  public static let isCI: Bool = ProcessInfo.processInfo.environment["CI"] == "true"

  /// The absolute path of `relative` inside the shared folder.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// The bytes of `relative` inside the shared folder.
  public static func bytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
  }

  /// Every `.tflite` file under `models/` (including sub-folders), relative to the shared folder, sorted.
  public static func modelFiles() -> [String] {
    let models = root.appendingPathComponent("models")
    guard let enumerator = FileManager.default.enumerator(atPath: models.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".tflite") }.map {
      "models/" + $0
    }.sorted()
  }
}
