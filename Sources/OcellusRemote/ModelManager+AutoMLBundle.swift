import Foundation
import Ocellus
import TFLiteModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Named models and AutoML bundles: resolving names, downloading a bundle whole and installing
/// it atomically.
///
/// A bundle is staged in a hidden folder of the cache (`.<name>.<uuid>.automl.partial`):
/// `manifest.json` first, then the model and labels files it names, each checked against its
/// pin; the staged bundle must load as an ``AutoMLImageLabelerLocalModel``. Only then is it
/// published: the folder is renamed to `.<name>.<uuid>.automl` and the symbolic link
/// `<name>.automl` is replaced by one to it with a single `rename(2)`, so a reader opening
/// `<name>.automl/manifest.json` sees the old bundle or the new one, never a mix. The old
/// folder is removed afterwards. Any failure deletes the staging folder and leaves the
/// installed bundle as it was.
extension ModelManager {
  /// The model with a name-only source replaced by the resolver's answer.
  func resolved(_ model: RemoteModel) -> Result<RemoteModel, ModelDownloadError> {
    guard model.source is NamedModelSource else { return .success(model) }
    let resolver = nameResolver
    let source: HTTPModelSource?
    if model.isAutoMLBundle {
      source = resolver?.autoMLBundle(model.name).map { HTTPModelSource(url: $0) }
    } else {
      source = resolver?.model(model.name)
    }
    guard let source else { return .failure(.unresolvedName(model: model.name)) }
    var target = RemoteModel(name: model.name, source: source, content: model.content)
    target.notificationObject = model.notificationObject
    return .success(target)
  }

  /// The `manifest.json` of the installed bundle named `name` (through its link).
  func bundleManifestPath(for name: String) -> String {
    bundleLinkPath(for: name) + "/manifest.json"
  }

  /// The symbolic link naming the installed bundle.
  func bundleLinkPath(for name: String) -> String {
    cacheDirectory + "/" + Self.fileName(for: name) + ".automl"
  }

  /// Loads the installed AutoML bundle of `model`.
  ///
  /// - Throws: ``ModelDownloadError/notDownloaded(model:)`` before a successful download;
  ///   ``ModelDownloadError/unusableModel(model:path:_:)`` when the bundle does not load.
  public func localAutoMLModel(for model: RemoteModel) throws(ModelDownloadError)
    -> AutoMLImageLabelerLocalModel
  {
    let path = bundleManifestPath(for: model.name)
    guard model.isAutoMLBundle, Self.fileSize(path) != nil else {
      throw .notDownloaded(model: model.name)
    }
    do {
      return try AutoMLImageLabelerLocalModel(manifestPath: path)
    } catch {
      throw .unusableModel(model: model.name, path: path, error)
    }
  }

  /// Removes the installed bundle named `name` (link, then folder); false when none was.
  func deleteBundle(named name: String) throws(ModelDownloadError) -> Bool {
    let link = bundleLinkPath(for: name)
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else {
      return false
    }
    if unlink(link) != 0 && errno != ENOENT {
      throw .disk(model: name, path: link, reason: Self.systemError())
    }
    try? FileManager.default.removeItem(atPath: cacheDirectory + "/" + target)
    return true
  }

  /// Downloads the bundle of `model` (resolved: an ``HTTPModelSource`` naming its folder) into
  /// a staging folder and publishes it; see the extension's summary.
  func installBundle(
    _ model: RemoteModel, conditions: ModelDownloadConditions, flight: ModelDownloadFlight
  ) async -> Result<String, ModelDownloadError> {
    let name = model.name
    guard let source = model.source as? HTTPModelSource,
      case .autoMLBundle(let pins) = model.content
    else {
      return .failure(
        .invalidSource(
          model: name, url: model.source.location,
          reason: "AutoML bundles download from an HTTP(S) folder (HTTPModelSource)"))
    }
    if let problem = prepareCache(for: model) { return .failure(problem) }
    removeStalePartials(for: name)
    let stem = "." + Self.fileName(for: name) + "." + UUID().uuidString.lowercased() + ".automl"
    let staging = cacheDirectory + "/" + stem + ".partial"
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    } catch {
      return .failure(.disk(model: name, path: staging, reason: error.localizedDescription))
    }
    let fetched = await fetchBundle(
      model, from: ModelNameResolver.folder(source.url), timeout: source.timeout, pins: pins,
      into: staging, conditions: conditions, flight: flight)
    let outcome = fetched.flatMap { _ in publish(staging, as: stem, model: model) }
    if case .failure = outcome { try? FileManager.default.removeItem(atPath: staging) }
    return outcome
  }

  /// Fetches `manifest.json` and the files it names into `staging`, each checked against its
  /// pin; the total byte count when all arrived.
  private func fetchBundle(
    _ model: RemoteModel, from folder: URL, timeout: Double, pins: [String: String],
    into staging: String, conditions: ModelDownloadConditions, flight: ModelDownloadFlight
  ) async -> Result<Int, ModelDownloadError> {
    var total = 0
    var files = ["manifest.json"]
    var index = 0
    while index < files.count {
      let file = files[index]
      index += 1
      guard let url = URL(string: file, relativeTo: folder)?.absoluteURL else {
        return .failure(
          .invalidSource(
            model: model.name, url: folder.absoluteString, reason: "bad file name \"\(file)\""))
      }
      let fileSource = HTTPModelSource(url: url, sha256: pins[file], timeout: timeout)
      let request = ModelFetchRequest(
        modelName: model.name, destinationPath: staging + "/" + file, validators: nil,
        conditions: conditions, byteLimit: maximumUnpinnedByteCount)
      let offset = Int64(total)
      do {
        _ = try await fileSource.fetch(request) { [weak self] bytes, _ in
          self?.reportProgress(flight, bytes: offset + bytes, total: nil)
        }
      } catch {
        return .failure(error)
      }
      switch verify(request.destinationPath, of: fileSource, model: model.name) {
      case .success(let count): total += count
      case .failure(let error): return .failure(error)
      }
      if Task.isCancelled || flight.progress.isCancelled {
        return .failure(.cancelled(model: model.name, url: folder.absoluteString))
      }
      if file == "manifest.json" {
        switch bundleFiles(manifestAt: request.destinationPath, model: model, folder: folder) {
        case .success(let named): files += named
        case .failure(let error): return .failure(error)
        }
      }
    }
    return .success(total)
  }

  /// The model and labels files a staged manifest names, checked to stay inside the folder
  /// (relative, no `.` or `..` components); their sub-folders are created in the staging folder.
  private func bundleFiles(manifestAt path: String, model: RemoteModel, folder: URL)
    -> Result<[String], ModelDownloadError>
  {
    let manifest: AutoMLManifest
    do {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      manifest = try AutoMLManifest.parse(bytes)
    } catch let error as AutoMLManifestError {
      return .failure(
        .unusableModel(
          model: model.name, path: path,
          .autoMLBundle(manifestPath: path, .manifest(path: path, error))))
    } catch {
      return .failure(.disk(model: model.name, path: path, reason: error.localizedDescription))
    }
    let staging = (path as NSString).deletingLastPathComponent
    var files: [String] = []
    for file in [manifest.modelFile, manifest.labelsFile] where !files.contains(file) {
      let parts = file.split(separator: "/", omittingEmptySubsequences: false)
      guard !file.hasPrefix("/"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
      else {
        return .failure(
          .invalidSource(
            model: model.name, url: folder.absoluteString,
            reason: "the manifest names \"\(file)\", which is not a file inside the bundle folder"))
      }
      if parts.count > 1 {
        try? FileManager.default.createDirectory(
          atPath: staging + "/" + parts.dropLast().joined(separator: "/"),
          withIntermediateDirectories: true)
      }
      files.append(file)
    }
    return .success(files)
  }

  /// The size of a fetched file after checking it against its source's pins.
  private func verify(_ path: String, of source: HTTPModelSource, model: String)
    -> Result<Int, ModelDownloadError>
  {
    Self.digest(ofFile: path, model: model).flatMap { digest in
      if let pinned = source.expectedSHA256, pinned != digest.hex {
        return .failure(
          .integrityMismatch(
            model: model, url: source.location, what: "SHA-256", expected: pinned,
            actual: digest.hex))
      }
      return .success(digest.count)
    }
  }

  /// Checks that the staged bundle loads, then publishes it in place of the installed one;
  /// the installed manifest's path.
  private func publish(_ staging: String, as stem: String, model: RemoteModel) -> Result<
    String, ModelDownloadError
  > {
    let name = model.name
    do {
      _ = try AutoMLImageLabelerLocalModel(manifestPath: staging + "/manifest.json")
    } catch {
      return .failure(.unusableModel(model: name, path: staging + "/manifest.json", error))
    }
    let folder = cacheDirectory + "/" + stem
    let link = bundleLinkPath(for: name)
    let newLink = folder + ".link"
    let old = try? FileManager.default.destinationOfSymbolicLink(atPath: link)
    guard rename(staging, folder) == 0 else {
      return .failure(.disk(model: name, path: folder, reason: Self.systemError()))
    }
    guard symlink(stem, newLink) == 0, rename(newLink, link) == 0 else {
      let reason = Self.systemError()
      unlink(newLink)
      try? FileManager.default.removeItem(atPath: folder)
      return .failure(.disk(model: name, path: link, reason: reason))
    }
    if let old, old != stem {
      try? FileManager.default.removeItem(atPath: cacheDirectory + "/" + old)
    }
    return .success(bundleManifestPath(for: name))
  }
}
