import Foundation
import Ocellus
import OcellusRemote
import OcellusTestSupport
import Testing

extension Notification.Name {
  /// Further names these tests add to every manager's notifications, as the Firebase ML module
  /// adds Firebase's (``ModelDownloadNotificationAliases``).
  static let aliasDownloadDidSucceed = Notification.Name("OcellusTestAliasDownloadDidSucceed")
  static let aliasDownloadDidFail = Notification.Name("OcellusTestAliasDownloadDidFail")
}

/// A test's own HTTP server, cache folder and manager, plus what the manager reported.
final class RemoteFixture: @unchecked Sendable {
  let server: HTTPTestServer
  let directory: String
  let manager: ModelManager
  private let lock = NSLock()
  private var posted: [(succeeded: Bool, model: RemoteModel?, error: ModelDownloadError?)] = []
  private var observers: [NSObjectProtocol] = []
  private var aliasPosted: [Notification.Name] = []

  init(maximumUnpinnedByteCount: Int = 1 << 30) throws {
    server = try HTTPTestServer()
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "ocellus-remote-\(UUID().uuidString)"
      ).path
    manager = ModelManager(
      cacheDirectory: directory, maximumUnpinnedByteCount: maximumUnpinnedByteCount)
    for name in [Notification.Name.mlkitModelDownloadDidSucceed, .mlkitModelDownloadDidFail] {
      observers.append(
        NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) {
          [weak self] notification in
          let info = notification.userInfo
          let model = info?[ModelDownloadUserInfoKey.remoteModel.rawValue] as? RemoteModel
          let error = info?[ModelDownloadUserInfoKey.error.rawValue] as? ModelDownloadError
          let succeeded = notification.name == .mlkitModelDownloadDidSucceed
          self?.record(succeeded, model, error)
        })
    }
    ModelDownloadNotificationAliases.shared.add(
      succeeded: .aliasDownloadDidSucceed, failed: .aliasDownloadDidFail)
    for name in [Notification.Name.aliasDownloadDidSucceed, .aliasDownloadDidFail] {
      observers.append(
        NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) {
          [weak self] notification in
          guard let self else { return }
          self.lock.lock()
          self.aliasPosted.append(notification.name)
          self.lock.unlock()
        })
    }
  }

  /// The alias notification names posted for this fixture's manager so far.
  var aliasNotificationNames: [Notification.Name] {
    lock.lock()
    defer { lock.unlock() }
    return aliasPosted
  }

  private func record(_ succeeded: Bool, _ model: RemoteModel?, _ error: ModelDownloadError?) {
    lock.lock()
    posted.append((succeeded, model, error))
    lock.unlock()
  }

  /// The notifications posted for this fixture's manager so far.
  var notifications: [(succeeded: Bool, model: RemoteModel?, error: ModelDownloadError?)] {
    lock.lock()
    defer { lock.unlock() }
    return posted
  }

  /// Every file in the cache folder, hidden ones included, sorted.
  var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  func cleanup() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    server.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// A model named `name` served at `path` by this fixture's server.
  func model(
    _ name: String, path: String, sha256: String? = nil, byteCount: Int? = nil
  ) -> RemoteModel {
    RemoteModel(
      name: name,
      source: HTTPModelSource(url: server.url(path), sha256: sha256, byteCount: byteCount))
  }

  /// Collects the events of `model` until its download succeeds or fails.
  func collectEvents(of model: RemoteModel) -> Task<[ModelDownloadEvent], Never> {
    let stream = manager.events()
    return Task {
      var events: [ModelDownloadEvent] = []
      for await event in stream where event.model.name == model.name {
        events.append(event)
        if case .progress = event { continue }
        break
      }
      return events
    }
  }

  /// The bytes of a small real model (MobileNet v1 0.25 quant, 508,786 bytes).
  static let modelBytes: [UInt8] =
    (try? SharedData.bytes("models/mobilenet_v1_0.25_224_quant.tflite")) ?? []
  /// A second, different real model (the float MobileNet v1 0.25 with metadata).
  static let otherBytes: [UInt8] =
    (try? SharedData.bytes("models/mobilenet_v1_0.25_224_1_metadata_1.tflite")) ?? []
}

/// ModelManager against a real HTTP server on 127.0.0.1: issue 8's acceptance list.
@Suite("Remote model downloads", .enabled(if: SharedData.isAvailable))
struct RemoteDownloadTests {
  let bytes = RemoteFixture.modelBytes
  var sha: String { SHA256Digest.hex(of: bytes) }

  @Test("a pinned download succeeds: monotonic progress, events, notification, verified install")
  func success() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute(
      "/m.tflite", .init(body: bytes, entityTag: "\"v1\"", chunkSize: 8192, chunkDelay: 0.0005))
    let model = fixture.model("mobilenet", path: "/m.tflite", sha256: sha, byteCount: bytes.count)
    #expect(!fixture.manager.isModelDownloaded(model))
    let events = fixture.collectEvents(of: model)
    let progress = fixture.manager.download(model)
    #expect(progress.totalUnitCount == Int64(bytes.count))
    let path = try await fixture.manager.downloadModel(model)

    #expect(path == fixture.directory + "/mobilenet.tflite")
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    #expect(fixture.manager.isModelDownloaded(model))
    #expect(fixture.manager.localModelPath(for: model) == path)
    #expect(progress.completedUnitCount == Int64(bytes.count))
    #expect(progress.fractionCompleted == 1)
    #expect(fixture.files == ["mobilenet.tflite", "mobilenet.tflite.validators"])

    let received = await events.value
    let counts = received.compactMap { event -> Int64? in
      if case .progress(_, let completed, let total) = event {
        #expect(total == Int64(bytes.count))
        return completed
      }
      return nil
    }
    #expect(counts.count >= 2, "several progress steps for \(bytes.count / 8192) chunks")
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic: \(counts)")
    #expect(counts.last == Int64(bytes.count))
    #expect(received.last == .succeeded(model: model, path: path))

    let notes = fixture.notifications
    #expect(notes.count == 1)
    #expect(notes.first?.succeeded == true)
    #expect(fixture.aliasNotificationNames == [.aliasDownloadDidSucceed])
    #expect(notes.first?.model == model)
    #expect(notes.first?.error == nil)
    #expect(fixture.server.requests(to: "/m.tflite").count == 1)
    #expect(try fixture.manager.localModel(for: model).model.subgraphs.count == 1)
  }

  @Test("404 and 500: typed errors, fail notifications with the error, nothing installed")
  func httpErrors() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/broken.tflite", .status(500))
    let missing = fixture.model("missing", path: "/missing.tflite")
    let broken = fixture.model("broken", path: "/broken.tflite", sha256: sha)

    let notFound = fixture.server.url("/missing.tflite").absoluteString
    await #expect(throws: ModelDownloadError.notFound(model: "missing", url: notFound)) {
      try await fixture.manager.downloadModel(missing)
    }
    let failing = fixture.server.url("/broken.tflite").absoluteString
    await #expect(
      throws: ModelDownloadError.httpStatus(model: "broken", url: failing, status: 500)
    ) {
      try await fixture.manager.downloadModel(broken)
    }
    let notes = fixture.notifications
    #expect(notes.map(\.succeeded) == [false, false])
    #expect(
      fixture.aliasNotificationNames == [
        .aliasDownloadDidFail, .aliasDownloadDidFail,
      ])
    #expect(notes.map(\.model) == [missing, broken])
    #expect(
      notes.map(\.error) == [
        .notFound(model: "missing", url: notFound),
        .httpStatus(model: "broken", url: failing, status: 500),
      ])
    #expect(!fixture.manager.isModelDownloaded(missing))
    #expect(!fixture.manager.isModelDownloaded(broken))
    #expect(fixture.files.isEmpty)
    #expect(
      ModelDownloadError.notFound(model: "missing", url: notFound).description.contains("404"))
  }

  @Test("a SHA-256 or size mismatch installs nothing")
  func integrity() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/m.tflite", .init(body: bytes))
    let url = fixture.server.url("/m.tflite").absoluteString
    let wrongHash = String(repeating: "ab", count: 32)
    let model = fixture.model("pinned", path: "/m.tflite", sha256: wrongHash)
    await #expect(
      throws: ModelDownloadError.integrityMismatch(
        model: "pinned", url: url, what: "SHA-256", expected: wrongHash, actual: sha)
    ) {
      try await fixture.manager.downloadModel(model)
    }
    let short = fixture.model("sized", path: "/m.tflite", byteCount: bytes.count + 10)
    await #expect(
      throws: ModelDownloadError.integrityMismatch(
        model: "sized", url: url, what: "size", expected: "\(bytes.count + 10) bytes",
        actual: "\(bytes.count) bytes")
    ) {
      try await fixture.manager.downloadModel(short)
    }
    let long = fixture.model("long", path: "/m.tflite", byteCount: 1000)
    await #expect(
      throws: ModelDownloadError.integrityMismatch(
        model: "long", url: url, what: "size", expected: "1000 bytes",
        actual: "more than 1000 bytes")
    ) {
      try await fixture.manager.downloadModel(long)
    }
    #expect(fixture.files.isEmpty)
    #expect(![model, short, long].contains { fixture.manager.isModelDownloaded($0) })
    #expect(fixture.notifications.map(\.succeeded) == [false, false, false])
  }

  @Test("the server closing mid-body installs nothing and keeps the old version")
  func midBodyClose() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/m.tflite", .init(body: bytes, entityTag: "\"v1\""))
    let model = fixture.model("evolving", path: "/m.tflite")
    let path = try await fixture.manager.downloadModel(model)
    // A new version appears, but the connection drops after 100 kB of it.
    fixture.server.setRoute(
      "/m.tflite",
      .init(body: RemoteFixture.otherBytes, entityTag: "\"v2\"", closeAfterBytes: 100_000))
    do {
      try await fixture.manager.downloadModel(model)
      Issue.record("a truncated body must fail")
    } catch {
      guard case .network(let name, let url, _) = error else {
        Issue.record("expected a network error, got \(error)")
        return
      }
      #expect(name == "evolving" && url == fixture.server.url("/m.tflite").absoluteString)
    }
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    #expect(fixture.manager.isModelDownloaded(model))
    #expect(fixture.files == ["evolving.tflite", "evolving.tflite.validators"])
    let requests = fixture.server.requests(to: "/m.tflite")
    #expect(requests.map(\.replyStatus) == [200, 200])
    #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
    #expect(fixture.notifications.map(\.succeeded) == [true, false])
  }

  @Test("concurrent requests for one model join one transfer")
  func join() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/m.tflite", .init(body: bytes, chunkSize: 16384, chunkDelay: 0.004))
    let model = fixture.model("shared", path: "/m.tflite", sha256: sha, byteCount: bytes.count)
    let first = fixture.manager.download(model)
    let second = fixture.manager.download(model)
    #expect(first === second)
    async let a = fixture.manager.downloadModel(model)
    async let b = fixture.manager.downloadModel(model)
    let paths = try await [a, b]
    #expect(paths[0] == paths[1])
    #expect(fixture.server.requests(to: "/m.tflite").count == 1)
    #expect(fixture.notifications.map(\.succeeded) == [true])
  }

  @Test("a model already present: pinned → no request; unpinned → 304 revalidation, no transfer")
  func alreadyPresent() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/tagged.tflite", .init(body: bytes, entityTag: "\"abc\""))
    fixture.server.setRoute(
      "/dated.tflite", .init(body: bytes, lastModified: "Tue, 03 Nov 2026 10:00:00 GMT"))
    let pinned = fixture.model(
      "pinned", path: "/tagged.tflite", sha256: sha, byteCount: bytes.count)
    try await fixture.manager.downloadModel(pinned)
    let path = try await fixture.manager.downloadModel(pinned)
    #expect(
      fixture.server.requests(to: "/tagged.tflite").count == 1, "pinned and present: no request")
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)

    let tagged = fixture.model("tagged", path: "/tagged.tflite")
    let taggedPath = try await fixture.manager.downloadModel(tagged)
    let before =
      try FileManager.default.attributesOfItem(atPath: taggedPath)[.modificationDate] as? Date
    try await Task.sleep(nanoseconds: 20_000_000)
    let progress = fixture.manager.download(tagged)
    try await fixture.manager.downloadModel(tagged)
    let after =
      try FileManager.default.attributesOfItem(atPath: taggedPath)[.modificationDate] as? Date
    #expect(before != nil && before == after, "a 304 leaves the installed file alone")
    #expect(progress.fractionCompleted == 1)
    let tagRequests = fixture.server.requests(to: "/tagged.tflite")
    #expect(tagRequests.map(\.replyStatus) == [200, 200, 304])
    #expect(tagRequests.last?.headers["if-none-match"] == "\"abc\"")

    let dated = fixture.model("dated", path: "/dated.tflite")
    try await fixture.manager.downloadModel(dated)
    try await fixture.manager.downloadModel(dated)
    let dateRequests = fixture.server.requests(to: "/dated.tflite")
    #expect(dateRequests.map(\.replyStatus) == [200, 304])
    #expect(dateRequests.last?.headers["if-modified-since"] == "Tue, 03 Nov 2026 10:00:00 GMT")
    #expect(fixture.server.transfers(of: "/dated.tflite") == 1)
    #expect(fixture.notifications.allSatisfy(\.succeeded) && fixture.notifications.count == 6)
  }

  @Test("delete removes the model and its validators; using it afterwards is a clear error")
  func delete() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/m.tflite", .init(body: bytes, entityTag: "\"v1\""))
    let model = fixture.model("doomed", path: "/m.tflite")
    try await fixture.manager.downloadModel(model)
    #expect(try fixture.manager.deleteDownloadedModel(model))
    #expect(!fixture.manager.isModelDownloaded(model))
    #expect(fixture.manager.localModelPath(for: model) == nil)
    #expect(fixture.files.isEmpty)
    #expect(try !fixture.manager.deleteDownloadedModel(model))
    #expect(throws: ModelDownloadError.notDownloaded(model: "doomed")) {
      try fixture.manager.localModel(for: model)
    }
    // ML Kit's completion form, called back on the given queue.
    try await fixture.manager.downloadModel(model)
    let queue = DispatchQueue(label: "ocellus.test.delete")
    let failure: ModelDownloadError? = await withCheckedContinuation { continuation in
      fixture.manager.deleteDownloadedModel(model, queue: queue) { error in
        dispatchPrecondition(condition: .onQueue(queue))
        continuation.resume(returning: error)
      }
    }
    #expect(failure == nil)
    #expect(!fixture.manager.isModelDownloaded(model))
    // Downloading again transfers the whole file (no validators are left to revalidate with).
    try await fixture.manager.downloadModel(model)
    #expect(fixture.server.requests(to: "/m.tflite").last?.headers["if-none-match"] == nil)
    #expect(fixture.server.transfers(of: "/m.tflite") == 3)
  }

  @Test("Progress.cancel() stops the transfer: .cancelled, fail notification, nothing installed")
  func cancel() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    // 124 chunks 0.2 s apart: ~25 s in all, so the transfer is surely under way, and far
    // from done, when the first bytes have arrived — even on a loaded machine.
    fixture.server.setRoute("/m.tflite", .init(body: bytes, chunkSize: 4096, chunkDelay: 0.2))
    let model = fixture.model("slow", path: "/m.tflite", sha256: sha, byteCount: bytes.count)
    let events = fixture.collectEvents(of: model)
    let progress = fixture.manager.download(model)
    // Up to 20 s for the first bytes: the whole suite runs in parallel on two cores.
    var waited = 0
    while progress.completedUnitCount == 0 && waited < 2000 {
      try await Task.sleep(nanoseconds: 10_000_000)
      waited += 1
    }
    #expect(progress.completedUnitCount > 0 && progress.completedUnitCount < Int64(bytes.count))
    progress.cancel()
    let received = await events.value
    let url = fixture.server.url("/m.tflite").absoluteString
    #expect(received.last == .failed(model: model, error: .cancelled(model: "slow", url: url)))
    #expect(progress.isCancelled)
    #expect(fixture.notifications.map(\.error) == [.cancelled(model: "slow", url: url)])
    #expect(fixture.files.isEmpty)
    #expect(!fixture.manager.isModelDownloaded(model))
  }

  @Test("a body of unknown size stops at the limit")
  func sizeLimit() async throws {
    let fixture = try RemoteFixture(maximumUnpinnedByteCount: 100_000)
    defer { fixture.cleanup() }
    fixture.server.setRoute("/open.tflite", .init(body: bytes, omitsContentLength: true))
    fixture.server.setRoute("/announced.tflite", .init(body: bytes))
    for path in ["/open.tflite", "/announced.tflite"] {
      let model = fixture.model("big", path: path)
      await #expect(
        throws: ModelDownloadError.tooLarge(
          model: "big", url: fixture.server.url(path).absoluteString, limit: 100_000)
      ) {
        try await fixture.manager.downloadModel(model)
      }
    }
    #expect(fixture.files.isEmpty)
  }

  @Test("a body without Content-Length, ended by closing, is accepted when it verifies")
  func closeDelimited() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/open.tflite", .init(body: bytes, omitsContentLength: true))
    let model = fixture.model("open", path: "/open.tflite", sha256: sha)
    let path = try await fixture.manager.downloadModel(model)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
  }
}
