import Foundation
import Ocellus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Downloads, verifies, caches and deletes remote models: ML Kit's `ModelManager`.
///
/// Each manager owns one cache folder holding at most one installed version per model name
/// (`<name>.tflite`, plus `<name>.tflite.validators` with the server's `ETag` /
/// `Last-Modified` and the file's SHA-256). A download:
///
/// 1. joins the in-flight download of the same model name, if there is one (same `Progress`,
///    one transfer);
/// 2. skips the network when a pinned model (``RemoteModelSource/expectedSHA256``) is
///    installed with that digest; otherwise revalidates an installed copy with
///    `If-None-Match` / `If-Modified-Since` (304 → no transfer);
/// 3. streams the body to a hidden temporary file in the cache folder, verifies its size and
///    SHA-256 against the pins, then renames it over the installed file (atomic). Any failure,
///    cancellation or interruption deletes the temporary file and leaves the previous version
///    as it was;
/// 4. reports progress (monotonic), an event stream (``events()``) and ML Kit's notifications
///    (`.mlkitModelDownloadDidSucceed` / `.mlkitModelDownloadDidFail` on
///    `NotificationCenter.default`, with this manager as the object; importing the Firebase
///    ML module adds Firebase's `.firebaseMLModelDownloadDidSucceed` / `…DidFail` after each).
///
/// Thread-safe; all methods may be called from any thread or task. A model counts as
/// downloaded only after a verified, atomic install.
///
/// Remote-else-local fallback:
/// ```swift
/// let remote = RemoteModel(name: "birds", source: HTTPModelSource(url: url, sha256: pin))
/// let manager = ModelManager.shared
/// let options: CustomImageLabelerOptions
/// if manager.isModelDownloaded(remote) {
///   options = try CustomImageLabelerOptions(remoteModel: remote, manager: manager)
/// } else {
///   options = CustomImageLabelerOptions(localModel: try LocalModel(path: bundledPath))
///   manager.download(remote)  // ready next time; watch .mlkitModelDownloadDidSucceed
/// }
/// ```
public final class ModelManager: @unchecked Sendable {
  /// The shared manager, caching in ``defaultCacheDirectory``.
  public static let shared = ModelManager(cacheDirectory: defaultCacheDirectory)

  /// The shared manager (ML Kit: `ModelManager.modelManager()`).
  public static func modelManager() -> ModelManager { shared }

  /// The default cache folder: `$OCELLUS_MODEL_CACHE` when set; else
  /// `$XDG_CACHE_HOME/ocellus/models`; else `~/Library/Caches/ocellus/models` on Apple
  /// platforms and `~/.cache/ocellus/models` elsewhere.
  public static var defaultCacheDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["OCELLUS_MODEL_CACHE"], !override.isEmpty { return override }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return xdg + "/ocellus/models"
    }
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    #if canImport(Darwin)
      return home + "/Library/Caches/ocellus/models"
    #else
      return home + "/.cache/ocellus/models"
    #endif
  }

  /// The folder holding installed models (created on the first download).
  public let cacheDirectory: String
  /// The most bytes accepted for a model whose size is not pinned (default 1 GiB); a pinned
  /// model accepts exactly its pinned size.
  public let maximumUnpinnedByteCount: Int

  let lock = NSLock()
  private var resolver: ModelNameResolver?
  private var flights: [String: ModelDownloadFlight] = [:]
  private var subscribers: [UInt64: AsyncStream<ModelDownloadEvent>.Continuation] = [:]
  private var nextSubscriber: UInt64 = 0

  /// A manager caching models in `cacheDirectory`, accepting at most
  /// `maximumUnpinnedByteCount` bytes for a model of unknown size.
  public init(cacheDirectory: String, maximumUnpinnedByteCount: Int = 1 << 30) {
    var directory = cacheDirectory
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    self.cacheDirectory = directory
    self.maximumUnpinnedByteCount = max(0, maximumUnpinnedByteCount)
  }

  /// Resolves models known only by name (``NamedModelSource``, ``RemoteModel/init(named:content:)``)
  /// when their download starts; nil (the default) leaves every name unresolved.
  public var nameResolver: ModelNameResolver? {
    get { lock.withLock { resolver } }
    set { lock.withLock { resolver = newValue } }
  }

  // MARK: Downloading

  /// Starts (or joins) the download of `model` and returns its progress (ML Kit:
  /// `download(_:conditions:)`).
  ///
  /// The progress counts bytes (its total is unknown, -1, until the size is pinned or
  /// announced) and only moves forward; `cancel()` on it cancels the transfer for everyone who
  /// joined it. Completion is signalled by the notifications and by ``events()``; use
  /// ``downloadModel(_:conditions:)`` to await it instead. Requests made while a download of
  /// the same name is in flight return the same `Progress`.
  @discardableResult
  public func download(
    _ model: RemoteModel, conditions: ModelDownloadConditions = ModelDownloadConditions()
  ) -> Progress {
    flight(for: model, conditions: conditions).progress
  }

  /// Downloads `model` (or joins the download in flight) and returns the installed file's path.
  ///
  /// Cancelling the calling task cancels the shared transfer.
  /// - Throws: ``ModelDownloadError``; the previously installed version stays on failure.
  @discardableResult
  public func downloadModel(
    _ model: RemoteModel, conditions: ModelDownloadConditions = ModelDownloadConditions()
  ) async throws(ModelDownloadError) -> String {
    let flight = flight(for: model, conditions: conditions)
    let result = await withTaskCancellationHandler {
      await flight.result()
    } onCancel: {
      flight.cancel()
    }
    return try result.get()
  }

  /// A stream of every download event of this manager from now on (progress, success,
  /// failure), for any model. It ends when the consumer stops iterating; at most 4096
  /// unconsumed events are kept (the oldest are dropped first).
  public func events() -> AsyncStream<ModelDownloadEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: ModelDownloadEvent.self, bufferingPolicy: .bufferingNewest(4096))
    lock.lock()
    let identifier = nextSubscriber
    nextSubscriber += 1
    subscribers[identifier] = continuation
    lock.unlock()
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      self.lock.lock()
      self.subscribers[identifier] = nil
      self.lock.unlock()
    }
    return stream
  }

  // MARK: Installed models

  /// True when a verified copy of `model` is installed (and has its pinned size, if any); for
  /// an AutoML bundle, when a complete bundle is installed.
  public func isModelDownloaded(_ model: RemoteModel) -> Bool {
    if model.isAutoMLBundle { return Self.fileSize(bundleManifestPath(for: model.name)) != nil }
    let path = modelPath(for: model.name)
    guard let size = Self.fileSize(path) else { return false }
    if let pinned = model.source.expectedByteCount { return size == pinned }
    return true
  }

  /// The path of the installed file of `model` (an AutoML bundle's `manifest.json`), or nil
  /// when it is not downloaded.
  public func localModelPath(for model: RemoteModel) -> String? {
    guard isModelDownloaded(model) else { return nil }
    return model.isAutoMLBundle ? bundleManifestPath(for: model.name) : modelPath(for: model.name)
  }

  /// Loads the installed copy of `model`.
  ///
  /// - Throws: ``ModelDownloadError/notDownloaded(model:)`` before a successful download;
  ///   ``ModelDownloadError/unusableModel(model:path:_:)`` when the file is not a TFLite model.
  public func localModel(for model: RemoteModel) throws(ModelDownloadError) -> LocalModel {
    guard let path = localModelPath(for: model) else { throw .notDownloaded(model: model.name) }
    do {
      return try LocalModel(path: path)
    } catch {
      throw .unusableModel(model: model.name, path: path, error)
    }
  }

  /// Deletes the installed copy of `model` and its validators, cancelling a download of it in
  /// flight; returns false when nothing was installed.
  ///
  /// - Throws: ``ModelDownloadError/disk(model:path:reason:)`` when a file cannot be removed.
  @discardableResult
  public func deleteDownloadedModel(_ model: RemoteModel) throws(ModelDownloadError) -> Bool {
    lock.lock()
    let flight = flights[model.name]
    lock.unlock()
    flight?.cancel()
    if model.isAutoMLBundle { return try deleteBundle(named: model.name) }
    let path = modelPath(for: model.name)
    let existed = Self.fileSize(path) != nil
    for file in [validatorsPath(for: model.name), path] where Self.fileSize(file) != nil {
      if unlink(file) != 0 && errno != ENOENT {
        throw .disk(model: model.name, path: file, reason: Self.systemError())
      }
    }
    return existed
  }

  /// Deletes the installed copy of `model` off the caller's thread and calls `completion` on
  /// `queue` with nil or the error: ML Kit's `deleteDownloadedModel(_:completion:)`, which calls
  /// back on the main queue (the default here too; on Linux the main queue runs only while the
  /// program services it, e.g. with `dispatchMain()` or `RunLoop.main`, so pass another queue
  /// there). Deleting a model that is not installed is not an error.
  public func deleteDownloadedModel(
    _ model: RemoteModel, queue: DispatchQueue = .main,
    completion: @escaping @Sendable (ModelDownloadError?) -> Void
  ) {
    DispatchQueue.global().async {
      let outcome: ModelDownloadError?
      do throws(ModelDownloadError) {
        _ = try self.deleteDownloadedModel(model)
        outcome = nil
      } catch {
        outcome = error
      }
      queue.async { completion(outcome) }
    }
  }

  // MARK: Internals

  private func flight(for model: RemoteModel, conditions: ModelDownloadConditions)
    -> ModelDownloadFlight
  {
    lock.lock()
    defer { lock.unlock() }
    if let flight = flights[model.name] { return flight }
    let flight = ModelDownloadFlight(model: model)
    flights[model.name] = flight
    let task = Task.detached { [self] in await self.perform(flight, conditions: conditions) }
    flight.attach(task)
    return flight
  }

  private func perform(_ flight: ModelDownloadFlight, conditions: ModelDownloadConditions) async
    -> Result<String, ModelDownloadError>
  {
    let model = flight.model
    var result: Result<String, ModelDownloadError>
    switch resolved(model) {
    case .success(let target) where target.isAutoMLBundle:
      result = await installBundle(target, conditions: conditions, flight: flight)
    case .success(let target):
      result = await install(target, conditions: conditions, flight: flight)
    case .failure(let error):
      result = .failure(error)
    }
    if case .failure(let error) = result, Task.isCancelled || flight.progress.isCancelled {
      switch error {
      case .network, .disk, .cancelled:
        result = .failure(.cancelled(model: model.name, url: model.source.location))
      default: break
      }
    }
    let listeners = lock.withLock {
      if flights[model.name] === flight { flights[model.name] = nil }
      return Array(subscribers.values)
    }
    let event: ModelDownloadEvent
    let posted: Any = model.notificationObject ?? model
    switch result {
    case .success(let path):
      flight.finish()
      event = .succeeded(model: model, path: path)
      for name in ModelDownloadNotificationAliases.shared.names(succeeded: true) {
        NotificationCenter.default.post(
          name: name, object: self,
          userInfo: [ModelDownloadUserInfoKey.remoteModel.rawValue: posted])
      }
    case .failure(let error):
      event = .failed(model: model, error: error)
      for name in ModelDownloadNotificationAliases.shared.names(succeeded: false) {
        NotificationCenter.default.post(
          name: name, object: self,
          userInfo: [
            ModelDownloadUserInfoKey.remoteModel.rawValue: posted,
            ModelDownloadUserInfoKey.error.rawValue: error,
          ])
      }
    }
    for listener in listeners { listener.yield(event) }
    return result
  }

  private func emit(_ event: ModelDownloadEvent) {
    lock.lock()
    let listeners = Array(subscribers.values)
    lock.unlock()
    for listener in listeners { listener.yield(event) }
  }

  func reportProgress(_ flight: ModelDownloadFlight, bytes: Int64, total: Int64?) {
    let pinned = flight.model.source.expectedByteCount.map { Int64($0) }
    let known = pinned ?? total
    if flight.advance(to: bytes, of: known) {
      emit(.progress(model: flight.model, completedBytes: flight.completedBytes, totalBytes: known))
    }
  }

  /// Downloads `model` into the cache unless a current copy is there: pins checked, the
  /// transfer streamed to a hidden temporary file, verified, then renamed into place.
  private func install(
    _ model: RemoteModel, conditions: ModelDownloadConditions, flight: ModelDownloadFlight
  ) async -> Result<String, ModelDownloadError> {
    let name = model.name
    let source = model.source
    if let problem = prepareCache(for: model) { return .failure(problem) }
    if Task.isCancelled { return .failure(.cancelled(model: name, url: source.location)) }
    removeStalePartials(for: name)
    let installed = modelPath(for: name)
    var validators: ModelCacheValidators?
    if Self.fileSize(installed) != nil {
      if source.expectedSHA256 != nil {
        if let size = currentPinnedCopySize(of: model) {
          _ = flight.advance(to: Int64(size), of: Int64(size))
          return .success(installed)
        }
      } else {
        validators = readValidators(for: name)
      }
    }
    let temporary =
      cacheDirectory + "/." + Self.fileName(for: name) + "."
      + UUID().uuidString.lowercased() + ".partial"
    let request = ModelFetchRequest(
      modelName: name, destinationPath: temporary, validators: validators,
      conditions: conditions, byteLimit: source.expectedByteCount ?? maximumUnpinnedByteCount)
    let fetched: ModelFetchResult
    do {
      fetched = try await source.fetch(request) { [weak self] bytes, total in
        self?.reportProgress(flight, bytes: bytes, total: total)
      }
    } catch {
      unlink(temporary)
      return .failure(Self.fetchFailure(error, model: model))
    }
    switch fetched {
    case .notModified:
      unlink(temporary)
      guard let size = Self.fileSize(installed) else {
        return .failure(
          .network(
            model: name, url: source.location,
            reason: "the server answered 304 Not Modified but no copy is installed"))
      }
      _ = flight.advance(to: Int64(size), of: Int64(size))
      return .success(installed)
    case .fetched(_, let newValidators):
      return commit(temporary, of: model, validators: newValidators, flight: flight)
    }
  }

  /// Checks the source's pins and creates the cache folder; the failure, or nil.
  func prepareCache(for model: RemoteModel) -> ModelDownloadError? {
    let source = model.source
    if let pinned = source.expectedSHA256, !SHA256Digest.isValidHex(pinned) {
      return .invalidSource(
        model: model.name, url: source.location, reason: "the SHA-256 pin is not 64 hex digits")
    }
    if let pinned = source.expectedByteCount, pinned < 0 {
      return .invalidSource(
        model: model.name, url: source.location, reason: "the size pin is negative")
    }
    do {
      try FileManager.default.createDirectory(
        atPath: cacheDirectory, withIntermediateDirectories: true)
    } catch {
      return .disk(model: model.name, path: cacheDirectory, reason: error.localizedDescription)
    }
    return nil
  }

  /// The size of the installed copy of a pinned model when it has the pinned size and digest
  /// (so nothing needs downloading), else nil.
  private func currentPinnedCopySize(of model: RemoteModel) -> Int? {
    let installed = modelPath(for: model.name)
    guard let pinned = model.source.expectedSHA256?.lowercased(),
      let size = Self.fileSize(installed),
      model.source.expectedByteCount == nil || model.source.expectedByteCount == size,
      case .success(let digest) = Self.digest(ofFile: installed, model: model.name),
      digest.hex == pinned
    else { return nil }
    return size
  }

  /// A failed transfer as reported: past a size pin, a size mismatch.
  private static func fetchFailure(_ error: ModelDownloadError, model: RemoteModel)
    -> ModelDownloadError
  {
    if case .tooLarge = error, let pinned = model.source.expectedByteCount {
      return .integrityMismatch(
        model: model.name, url: model.source.location, what: "size",
        expected: "\(pinned) bytes", actual: "more than \(pinned) bytes")
    }
    return error
  }

  /// Verifies a downloaded `temporary` file against the pins and renames it into place, with
  /// its cache validators; the temporary file is removed on any failure.
  private func commit(
    _ temporary: String, of model: RemoteModel, validators: ModelCacheValidators,
    flight: ModelDownloadFlight
  ) -> Result<String, ModelDownloadError> {
    let name = model.name
    let source = model.source
    let url = source.location
    let installed = modelPath(for: name)
    let digest: (hex: String, count: Int)
    switch Self.digest(ofFile: temporary, model: name) {
    case .success(let value): digest = value
    case .failure(let error):
      unlink(temporary)
      return .failure(error)
    }
    var failure: ModelDownloadError?
    if let pinned = source.expectedByteCount, pinned != digest.count {
      failure = .integrityMismatch(
        model: name, url: url, what: "size", expected: "\(pinned) bytes",
        actual: "\(digest.count) bytes")
    } else if let pinned = source.expectedSHA256?.lowercased(), pinned != digest.hex {
      failure = .integrityMismatch(
        model: name, url: url, what: "SHA-256", expected: pinned, actual: digest.hex)
    } else if Task.isCancelled || flight.progress.isCancelled {
      failure = .cancelled(model: name, url: url)
    }
    if let failure {
      unlink(temporary)
      return .failure(failure)
    }
    // Old validators go first: a crash between the steps leaves a verified file without
    // validators (downloaded again next time), never stale validators on a new file.
    unlink(validatorsPath(for: name))
    if rename(temporary, installed) != 0 {
      let reason = Self.systemError()
      unlink(temporary)
      return .failure(.disk(model: name, path: installed, reason: reason))
    }
    writeValidators(validators, sha256: digest.hex, url: url, for: name)
    _ = flight.advance(to: Int64(digest.count), of: Int64(digest.count))
    return .success(installed)
  }

  /// The installed file of the model named `name`.
  func modelPath(for name: String) -> String {
    cacheDirectory + "/" + Self.fileName(for: name) + ".tflite"
  }

  private func validatorsPath(for name: String) -> String {
    modelPath(for: name) + ".validators"
  }

  /// `name` made safe as a file name: ASCII letters, digits, `-`, `_` and (not first) `.` are
  /// kept, every other byte becomes `%XX`; the empty name becomes `%`.
  static func fileName(for name: String) -> String {
    if name.isEmpty { return "%" }
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for (index, byte) in name.utf8.enumerated() {
      let plain =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        || (byte == 0x2E && index > 0)
      if plain {
        bytes.append(byte)
      } else {
        bytes.append(0x25)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Removes temporary files of `name` left by an interrupted process more than an hour ago.
  func removeStalePartials(for name: String) {
    let prefix = "." + Self.fileName(for: name) + "."
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)
    else { return }
    let cutoff = Date().addingTimeInterval(-3600)
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".partial") {
      let path = cacheDirectory + "/" + entry
      if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let modified = attributes[.modificationDate] as? Date, modified < cutoff
      {
        try? FileManager.default.removeItem(atPath: path)  // a file, or a bundle's folder
      }
    }
  }

  private func readValidators(for name: String) -> ModelCacheValidators? {
    let path = validatorsPath(for: name)
    guard let size = Self.fileSize(path), size <= 64 * 1024,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    var validators = ModelCacheValidators()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("etag: ") { validators.entityTag = String(line.dropFirst(6)) }
      if line.hasPrefix("last-modified: ") {
        validators.lastModified = String(line.dropFirst(15))
      }
    }
    return validators.isEmpty ? nil : validators
  }

  private func writeValidators(
    _ validators: ModelCacheValidators, sha256: String, url: String, for name: String
  ) {
    var text = "sha256: \(sha256)\nurl: \(url)\n"
    if let tag = validators.entityTag { text += "etag: \(tag)\n" }
    if let date = validators.lastModified { text += "last-modified: \(date)\n" }
    let path = validatorsPath(for: name)
    let temporary =
      cacheDirectory + "/." + Self.fileName(for: name) + "."
      + UUID().uuidString.lowercased() + ".validators.partial"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
      return
    }
    if rename(temporary, path) != 0 { unlink(temporary) }
  }

  /// The SHA-256 (hex) and length of the file at `path`, read in 64 KiB chunks.
  static func digest(ofFile path: String, model: String) -> Result<
    (hex: String, count: Int), ModelDownloadError
  > {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return .failure(.disk(model: model, path: path, reason: "cannot open the file"))
    }
    defer { try? handle.close() }
    var digest = SHA256Digest()
    do {
      while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        chunk.withUnsafeBytes { digest.update($0) }
      }
    } catch {
      return .failure(.disk(model: model, path: path, reason: error.localizedDescription))
    }
    return .success((digest.hexDigest(), Int(digest.count)))
  }

  /// The size in bytes of the regular file at `path`, or nil when there is none.
  static func fileSize(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let size = attributes[.size] as? NSNumber
    else { return nil }
    return size.intValue
  }

  static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
