import Foundation
import OcellusTestSupport
import Testing

/// `ocellus models`, run as a user runs it, against a local mirror of `../shared/models`.
@Suite(
  "ocellus models",
  .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct ModelsCommandTests {
  /// A mirror serving `../shared/models` and an empty cache folder, removed afterwards.
  final class Mirror {
    let server: HTTPTestServer
    let cache: String

    init() throws {
      server = try HTTPTestServer()
      server.serveFolder(SharedData.root.appendingPathComponent("models"))
      cache =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "ocellus-models-\(UUID().uuidString)"
        ).path
    }

    var base: String { server.baseURL.absoluteString }

    /// Runs `ocellus models ARGS… --cache-dir CACHE`.
    func models(_ arguments: [String]) throws -> ToolRunner.Result {
      try ToolRunner.run(["models"] + arguments + ["--cache-dir", cache])
    }

    func cleanup() {
      server.stop()
      try? FileManager.default.removeItem(atPath: cache)
    }
  }

  /// Runs the tool with extra environment variables (ToolRunner passes the test's own).
  static func run(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    let executable = try #require(ToolRunner.executable)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-models-env-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = SharedData.packageRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return (
      process.terminationStatus, try String(contentsOf: outURL, encoding: .utf8),
      try String(contentsOf: errURL, encoding: .utf8)
    )
  }

  static func jsonList(_ result: ToolRunner.Result) throws -> [String: [String: Any]] {
    #expect(result.status == 0, "\(result.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let models = try #require(document["models"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: models.compactMap { model in
        (model["name"] as? String).map { ($0, model) }
      })
  }

  @Test("pull from a mirror, then `label --model $(models path …)` uses the pulled model; rm")
  func pullThenLabel() throws {
    let mirror = try Mirror()
    defer { mirror.cleanup() }
    let name = "mlkit-bird-classifier"
    let pulled = try mirror.models(["pull", name, "--mirror", mirror.base])
    #expect(pulled.status == 0, "\(pulled.standardError)")
    let path = pulled.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(path == mirror.cache + "/\(name).tflite")
    #expect(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        == (try SharedData.bytes("models/mlkit_bird_classifier.tflite")))
    // Not a terminal: plain progress lines, no control characters.
    #expect(pulled.standardError.contains("\(name): 100% (3588463 of 3588463 bytes)"))
    #expect(pulled.standardError.contains("verified 3588463 bytes"))
    #expect(!pulled.standardError.contains("\u{1B}") && !pulled.standardError.contains("\r"))
    #expect(mirror.server.requests(to: "/mlkit_bird_classifier.tflite").count == 1)

    let located = try mirror.models(["path", name])
    #expect(located.status == 0, "\(located.standardError)")
    #expect(located.standardOutput == path + "\n")

    let labeled = try ToolRunner.run([
      "label", SharedData.path("images/sparrow.png"), "--model", path, "--json",
    ])
    #expect(labeled.status == 0, "\(labeled.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(labeled.standardOutput.utf8)) as? [String: Any])
    let labels = try #require(
      (report["images"] as? [[String: Any]])?.first?["labels"] as? [[String: Any]])
    #expect(labels.first?["text"] as? String == "Lonchura oryzivora (Java Sparrow)")

    // Pulling again: pinned and present, no transfer.
    let again = try mirror.models(["pull", name, "--mirror", mirror.base])
    #expect(again.status == 0 && again.standardOutput == pulled.standardOutput)
    #expect(mirror.server.requests(to: "/mlkit_bird_classifier.tflite").count == 1)
    #expect(again.standardError.contains("nothing transferred"), "\(again.standardError)")
    #expect(!pulled.standardError.contains("nothing transferred"))

    let listed = try Self.jsonList(mirror.models(["list", "--json", "--mirror", mirror.base]))
    #expect(listed[name]?["downloaded"] as? Bool == true)
    #expect(listed[name]?["path"] as? String == path)
    #expect(listed[name]?["url"] as? String == mirror.base + "/mlkit_bird_classifier.tflite")
    #expect(listed["coco-ssd-mobilenet-v1"]?["downloaded"] as? Bool == false)

    let removed = try mirror.models(["rm", name])
    #expect(removed.status == 0 && removed.standardOutput.hasPrefix("removed \(name)"))
    #expect(!FileManager.default.fileExists(atPath: path))
    let gone = try mirror.models(["path", name])
    #expect(gone.status == 1)
    #expect(gone.standardError.contains("not downloaded") && gone.standardError.contains("pull"))
    let listedAfter = try Self.jsonList(mirror.models(["list", "--json"]))
    #expect(listedAfter[name]?["downloaded"] as? Bool == false)
  }

  @Test("a mirror serving other bytes fails the pin: exit 1, nothing installed")
  func badMirror() throws {
    let mirror = try Mirror()
    defer { mirror.cleanup() }
    mirror.server.setRoute(
      "/mobilenet_v1_0.25_224_quant.tflite",
      .init(body: try SharedData.bytes("models/coral_mobilenet_v1_0.25_128_quant.tflite")))
    let result = try mirror.models(["pull", "mobilenet-v1-0.25-quant", "--mirror", mirror.base])
    #expect(result.status == 1)
    #expect(result.standardError.contains("size") || result.standardError.contains("SHA-256"))
    #expect(result.standardError.contains("nothing was installed"))
    #expect(try mirror.models(["path", "mobilenet-v1-0.25-quant"]).status == 1)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: mirror.cache)) ?? []
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test("OCELLUS_MODEL_MIRROR and OCELLUS_MODEL_CACHE replace --mirror and --cache-dir")
  func environment() throws {
    let mirror = try Mirror()
    defer { mirror.cleanup() }
    let result = try Self.run(
      ["models", "pull", "mobilenet-v1-0.25-quant"],
      environment: ["OCELLUS_MODEL_MIRROR": mirror.base, "OCELLUS_MODEL_CACHE": mirror.cache])
    #expect(result.status == 0, "\(result.standardError)")
    let path = mirror.cache + "/mobilenet-v1-0.25-quant.tflite"
    #expect(result.standardOutput == path + "\n")
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(mirror.server.requests(to: "/mobilenet_v1_0.25_224_quant.tflite").count == 1)
  }

  @Test("list shows the catalog with canonical URLs; usage errors exit 2")
  func listAndUsage() throws {
    let mirror = try Mirror()
    defer { mirror.cleanup() }
    let text = try mirror.models(["list"])
    #expect(text.status == 0)
    for name in [
      "coco-ssd-mobilenet-v1", "mlkit-object-labeler", "mlkit-bird-classifier",
      "mobilenet-v1-0.25-quant",
    ] {
      #expect(text.standardOutput.contains(name))
    }
    let listed = try Self.jsonList(mirror.models(["list", "--json"]))
    #expect(
      (listed["mlkit-object-labeler"]?["url"] as? String)?.hasPrefix(
        "https://raw.githubusercontent.com/googlesamples/mlkit/master/") == true)
    #expect(listed["mobilenet-v1-0.25-quant"]?["bytes"] as? Int == 508_786)

    for arguments in [
      ["pull", "no-such-model"], ["pull"], ["frob"],
      ["pull", "mlkit-bird-classifier", "--mirror", "ftp://x"],
    ] {
      let result = try mirror.models(arguments)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
    }
    #expect(try ToolRunner.run(["models"]).status == 2)
    #expect(try mirror.models(["pull", "no-such-model"]).standardError.contains("unknown model"))
    #expect(mirror.server.requests.isEmpty)
  }
}
