import Foundation
import OcellusTestSupport
import Testing

/// The Swift code the documentation shows (README.md, Docs/*.md, the DocC catalogs) compiles
/// against the modules as built: a renamed parameter or a removed type fails here, not in a
/// reader's project. Type-checked with the toolchain's `swiftc`, all blocks in one module;
/// the names the documents leave to the reader (a file path, a camera image) are declared by
/// ``prelude``.
@Suite("documentation snippets", .enabled(if: ToolRunner.executable != nil))
struct DocSnippetTests {
  /// Stand-ins for what the snippets take from the reader's app.
  static let prelude = """
    import Foundation
    import Imaging
    import Ocellus

    let image = try! VisionImage(contentsOfFile: "photo.jpg")
    let pixels = try! PixelImage(width: 1, height: 1, format: .rgba8, bytes: [0, 0, 0, 255])
    let uiImage = pixels
    let bundledPath = "model.tflite"
    let localModelFilePath = "model.tflite"
    """

  /// The Markdown files whose ```swift blocks must compile.
  static func documents() throws -> [String] {
    let root = SharedData.packageRoot
    let files = FileManager.default
    var documents = ["README.md"]
    documents += try files.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
      .filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" }
    let sources = root.appendingPathComponent("Sources")
    for module in try files.contentsOfDirectory(atPath: sources.path) {
      let catalog = "Sources/\(module)/\(module).docc"
      guard
        let articles = try? files.contentsOfDirectory(
          atPath: root.appendingPathComponent(catalog).path)
      else { continue }
      documents += articles.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
    }
    return documents.sorted()
  }

  /// Every ```swift block of the documents that shows API usage.
  static func snippets() throws -> [DocSnippet] {
    try documents().flatMap { document in
      let text = try String(
        contentsOf: SharedData.packageRoot.appendingPathComponent(document), encoding: .utf8)
      return DocSnippet.blocks(in: text, document: document).filter(\.isUsage)
    }
  }

  @Test("every ```swift block in the docs type-checks against the built modules")
  func snippetsCompile() throws {
    let snippets = try Self.snippets()
    #expect(snippets.count >= 20, "found \(snippets.count) snippets")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-snippets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files = [folder.appendingPathComponent("Prelude.swift")]
    try Self.prelude.write(to: files[0], atomically: true, encoding: .utf8)
    for snippet in snippets {
      let file = folder.appendingPathComponent("\(snippet.identifier).swift")
      try snippet.source.write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let result = try Self.typeCheck(files)
    #expect(result.status == 0, "\(result.output)")
  }

  /// Runs `swiftc -typecheck` on `files` against the modules next to the `ocellus` binary.
  static func typeCheck(_ files: [URL]) throws -> (status: Int32, output: String) {
    let modules = try #require(ToolRunner.executable).deletingLastPathComponent()
      .appendingPathComponent("Modules")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = ["swiftc", "-typecheck", "-parse-as-library", "-module-name", "DocSnippets"]
    #if os(macOS)
      arguments.insert("xcrun", at: 0)
    #endif
    arguments += ["-I", modules.path] + files.map(\.path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
