import Foundation
import OcellusTestSupport
import Testing

/// The progress line of long runs: drawn on a terminal, never in piped output.
@Suite("Progress on terminals", .enabled(if: ToolRunner.executable != nil))
struct ProgressLineTests {
  /// util-linux `script`, which runs a command on a pseudo-terminal.
  static let script = ["/usr/bin/script", "/bin/script"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let images = ["Models/samples/digit_1.png", "Models/samples/digit_2.png"]

  @Test(
    "on a terminal, label --json draws [i/n] per file and erases it; the JSON stays clean",
    .enabled(if: script != nil))
  func drawnOnATerminal() throws {
    let tool = try #require(ToolRunner.executable).path
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-progress-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: output) }
    // Standard error is the pseudo-terminal; standard output goes to a file.
    let command =
      "'\(tool)' label \(Self.images.joined(separator: " ")) --json > '\(output.path)'"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.script))
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = SharedData.packageRoot
    let terminal = Pipe()
    process.standardOutput = terminal
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let shown = String(
      decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(shown.contains("[1/2] digit_1.png"), "\(shown.debugDescription)")
    #expect(shown.contains("[2/2] digit_2.png"))
    #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
    let json = try String(contentsOf: output, encoding: .utf8)
    #expect(!json.contains("\u{1B}"))
    let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((report?["images"] as? [Any])?.count == 2)
  }

  @Test("without a terminal nothing is drawn")
  func silentWhenPiped() throws {
    let result = try ToolRunner.run(["label"] + Self.images + ["--json"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty, "\(result.standardError.debugDescription)")
  }
}
