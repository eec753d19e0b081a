import Foundation

/// Runs the built `ocellus` executable, as a user would, and captures what it prints.
public enum ToolRunner {
  /// What one run printed and returned.
  public struct Result: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  /// The `ocellus` binary next to the running test bundle (same build configuration).
  public static let executable: URL? = {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
      // Apple platforms run tests from inside an .xctest bundle: walk up out of it.
      while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
      candidates.append(directory.appendingPathComponent("ocellus"))
    }
    for configuration in ["release", "debug"] {
      candidates.append(
        SharedData.packageRoot.appendingPathComponent(".build/\(configuration)/ocellus"))
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs `ocellus` with `arguments` and waits for it to finish.
  public static func run(_ arguments: [String]) throws -> Result {
    guard let executable else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    // From the package root, where `Models/` is, as a newcomer runs it.
    process.currentDirectoryURL = SharedData.packageRoot
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let errorData = PendingRead.reading(error)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }
}
