import Foundation
import Ocellus
import OcellusRemote
import TFLiteModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ocellus models list | pull NAME… | path NAME | rm NAME…`: the catalog of public models,
/// downloaded (verified by size and SHA-256, installed atomically) into a per-user cache.
enum ModelsCommand {
  /// The help of `ocellus models` (`ocellus models --help`, `ocellus help models`).
  static let commandHelp = CommandHelp(
    name: "models",
    summary:
      "List, download, locate and delete public models from a catalog pinned by SHA-256 (ML Kit's ModelManager on the command line).",
    usage: [
      "models list [--json] [--cache-dir DIR] [--mirror URL]",
      "models pull NAME… [--mirror URL] [--cache-dir DIR]",
      "models path NAME [--cache-dir DIR]",
      "models rm NAME… [--cache-dir DIR]",
    ],
    details: [
      "The catalog holds real public models at their canonical URLs: the COCO SSD MobileNet v1 detector, ML Kit's object labeler and bird classifier, MobileNet v1 0.25 (quantized, and float with metadata). Each is pinned by size and SHA-256.",
      "pull downloads into the cache, streaming to a hidden temporary file, verifies size and SHA-256, then renames it into place: a failed or interrupted pull leaves the previous copy untouched. A model already installed with its pinned digest is not fetched again. Progress is a bar on a terminal and plain lines otherwise (on standard error); the installed path is printed on standard output.",
      "path prints the installed file, for `ocellus label --model` or `ocellus detect --detector/--classifier`, and fails when the model is not downloaded. rm deletes it.",
    ],
    options: [
      CommandHelp.Option(
        name: "--mirror URL",
        text:
          "Fetch URL/<file name> instead of the canonical URL (default: $OCELLUS_MODEL_MIRROR, else none). The pins still apply."
      ),
      CommandHelp.Option(
        name: "--cache-dir DIR",
        text:
          "The cache folder (default: $OCELLUS_MODEL_CACHE, else $XDG_CACHE_HOME/ocellus/models, else ~/.cache/ocellus/models; ~/Library/Caches/ocellus/models on macOS)."
      ),
      CommandHelp.Option(
        name: "--json",
        text:
          "list: print one JSON object with the cache folder, the mirror and every model (name, url, bytes, sha256, downloaded, path)."
      ),
    ],
    examples: [
      CommandHelp.Example(
        comment: "What can be pulled, and what is already here.", command: "ocellus models list"),
      CommandHelp.Example(
        comment: "Download ML Kit's bird classifier and label a photo with it.",
        command:
          "ocellus models pull mlkit-bird-classifier && ocellus label ../shared/images/sparrow.png --model \"$(ocellus models path mlkit-bird-classifier)\""
      ),
      CommandHelp.Example(
        comment: "Pull from a local mirror into a chosen folder.",
        command:
          "ocellus models pull coco-ssd-mobilenet-v1 --mirror http://127.0.0.1:8000 --cache-dir /tmp/ocellus-models"
      ),
    ])

  /// Runs `ocellus models …`; returns the exit status.
  static func run(_ arguments: [String]) throws -> Int32 {
    var parsed = try ParsedArguments(
      arguments, flags: ["--json"], options: ["--mirror", "--cache-dir"])
    guard !parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(description: "missing subcommand: list, pull, path or rm")
    }
    let subcommand = parsed.positionals.removeFirst()
    let manager = ModelManager(cacheDirectory: try cacheDirectory(parsed))
    let catalog = ModelCatalog.standard
    switch subcommand {
    case "list":
      guard parsed.positionals.isEmpty else {
        throw ParsedArguments.UsageError(
          description: "list takes no names (got \(parsed.positionals.joined(separator: " ")))")
      }
      list(
        catalog, manager: manager, mirror: try mirror(parsed), json: parsed.flags.contains("--json")
      )
      return 0
    case "pull":
      let entries = try parsed.several("NAME").map { try entry($0, in: catalog) }
      let base = try mirror(parsed)
      for entry in entries {
        print(try pull(entry, manager: manager, mirror: base))
      }
      return 0
    case "path":
      let found = try entry(try parsed.single("NAME"), in: catalog)
      guard let path = manager.localModelPath(for: found.remoteModel()) else {
        throw ModelsCommandError.notDownloaded(
          name: found.name, cacheDirectory: manager.cacheDirectory)
      }
      print(path)
      return 0
    case "rm":
      let entries = try parsed.several("NAME").map { try entry($0, in: catalog) }
      for entry in entries {
        let model = entry.remoteModel()
        let path = manager.localModelPath(for: model)
        if try manager.deleteDownloadedModel(model) {
          print("removed \(entry.name) (\(path ?? "in \(manager.cacheDirectory)"))")
        } else {
          print("\(entry.name) was not downloaded")
        }
      }
      return 0
    default:
      throw ParsedArguments.UsageError(
        description: "unknown subcommand \"\(subcommand)\" (use list, pull, path or rm)")
    }
  }

  /// `--cache-dir`, else the library default (`OCELLUS_MODEL_CACHE`, XDG, home), absolute.
  static func cacheDirectory(_ parsed: ParsedArguments) throws(ParsedArguments.UsageError)
    -> String
  {
    guard let given = parsed.value("--cache-dir") else { return ModelManager.defaultCacheDirectory }
    guard !given.isEmpty else {
      throw ParsedArguments.UsageError(description: "--cache-dir is empty")
    }
    if given.hasPrefix("/") { return given }
    return FileManager.default.currentDirectoryPath + "/" + given
  }

  /// `--mirror`, else `OCELLUS_MODEL_MIRROR`, as an http(s) base URL; nil for the canonical URLs.
  static func mirror(_ parsed: ParsedArguments) throws(ParsedArguments.UsageError) -> URL? {
    let environment = ProcessInfo.processInfo.environment["OCELLUS_MODEL_MIRROR"]
    guard let text = parsed.value("--mirror") ?? environment, !text.isEmpty else { return nil }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw ParsedArguments.UsageError(
        description: "the mirror must be an http:// or https:// URL, got \"\(text)\"")
    }
    return url
  }

  static func entry(_ name: String, in catalog: ModelCatalog) throws(ParsedArguments.UsageError)
    -> ModelCatalogEntry
  {
    guard let entry = catalog.entry(named: name) else {
      throw ParsedArguments.UsageError(
        description:
          "unknown model \"\(name)\"; known: \(catalog.entries.map(\.name).joined(separator: ", "))"
      )
    }
    return entry
  }

  static func list(_ catalog: ModelCatalog, manager: ModelManager, mirror: URL?, json: Bool) {
    if json {
      let models = catalog.entries.map { entry -> JSONValue in
        let path = manager.localModelPath(for: entry.remoteModel())
        return .fields([
          ("name", .string(entry.name)), ("summary", .string(entry.summary)),
          ("url", .string(entry.downloadURL(mirror: mirror).absoluteString)),
          ("file_name", .string(entry.fileName)), ("bytes", .int(entry.byteCount)),
          ("sha256", .string(entry.sha256)), ("license", .string(entry.license)),
          ("downloaded", .bool(path != nil)), ("path", .optional(path)),
        ])
      }
      print(
        JSONValue.fields([
          ("cache_directory", .string(manager.cacheDirectory)),
          ("mirror", .optional(mirror?.absoluteString)), ("models", .array(models)),
        ]).serialized())
      return
    }
    print("cache: \(manager.cacheDirectory)")
    let width = catalog.entries.map(\.name.count).max() ?? 4
    for entry in catalog.entries {
      let downloaded = manager.isModelDownloaded(entry.remoteModel())
      let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let size = ModelsProgressBar.megabytes(Int64(entry.byteCount))
      print("\(name)  \(size)  \(downloaded ? "downloaded" : "-         ")  \(entry.summary)")
    }
  }

  /// A file's inode number and modification date, nil when it cannot be read.
  private static func fileIdentity(_ path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let inode = attributes[.systemFileNumber], let date = attributes[.modificationDate]
    else { return nil }
    return "\(inode) \(date)"
  }

  /// Downloads `entry` (showing progress on standard error) and returns the installed path.
  static func pull(_ entry: ModelCatalogEntry, manager: ModelManager, mirror: URL?) throws
    -> String
  {
    let model = entry.remoteModel(mirror: mirror)
    let bar = ModelsProgressBar(name: entry.name, isTerminal: isatty(STDERR_FILENO) != 0)
    // The installed file's identity before: an install renames a new file into place, so an
    // unchanged inode and date afterwards mean nothing was transferred.
    let before = manager.localModelPath(for: model).flatMap(fileIdentity)
    bar.start(url: model.source.location, installed: before != nil)
    let progress = manager.download(model)
    let waiter = ModelsPullWaiter()
    Task.detached {
      do throws(ModelDownloadError) {
        waiter.finish(.success(try await manager.downloadModel(model)))
      } catch {
        waiter.finish(.failure(error))
      }
    }
    while !waiter.wait(seconds: 0.1) {
      bar.update(completed: progress.completedUnitCount, total: progress.totalUnitCount)
    }
    bar.update(completed: progress.completedUnitCount, total: progress.totalUnitCount)
    let result =
      waiter.result ?? .failure(.cancelled(model: entry.name, url: model.source.location))
    switch result {
    case .success(let path):
      if let before, before == fileIdentity(path) {
        bar.finish(
          "already installed and current (SHA-256 \(entry.sha256.prefix(12))…), nothing transferred"
        )
      } else {
        bar.finish("verified \(entry.byteCount) bytes, SHA-256 \(entry.sha256.prefix(12))…")
      }
      return path
    case .failure(let error):
      bar.finish("failed")
      throw error
    }
  }
}
