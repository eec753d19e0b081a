import Foundation
import OcellusFirebaseML
import OcellusTestSupport
import Testing

/// Firebase's AutoML remote-model snippet against a local HTTP server: the bundle named
/// "flowers" is resolved to a folder, downloaded whole and installed atomically; an interrupted
/// or tampered bundle installs nothing and keeps the previous one.
@Suite("Firebase AutoML remote bundles", .enabled(if: SharedData.isAvailable), .serialized)
struct AutoMLRemoteBundleTests {
  /// Waits for the first Firebase success or failure notification about `name`.
  static func outcome(of name: String, start: () -> Void) async -> (Bool, Error?) {
    let box = OneShot<(Bool, Error?)>()
    let observers = [
      Notification.Name.firebaseMLModelDownloadDidSucceed, .firebaseMLModelDownloadDidFail,
    ]
    .map { notificationName in
      NotificationCenter.default.addObserver(forName: notificationName, object: nil, queue: nil) {
        notification in
        // --- Firebase guide: download notifications ---
        guard let userInfo = notification.userInfo,
          let model = userInfo[ModelDownloadUserInfoKey.remoteModel.rawValue] as? RemoteModel,
          model.name == name
        else { return }
        // --- end of snippet ---
        let error = userInfo[ModelDownloadUserInfoKey.error.rawValue] as? Error
        box.deliver((notification.name == .firebaseMLModelDownloadDidSucceed, error))
      }
    }
    defer { observers.forEach { NotificationCenter.default.removeObserver($0) } }
    start()
    return await box.value()
  }

  /// Files in the cache folder, hidden ones included, sorted.
  static func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test func namedBundleDownloadsAtomically() async throws {
    try await AsyncGate.sharedModelManager.run { try await bundleDownloads() }
  }

  func bundleDownloads() async throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let flowers = URL(fileURLWithPath: FirebaseFixtures.flowersFolder)
    server.serveFolder(flowers, at: "/automl/flowers/")
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-automl-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    ModelManager.modelManager().cacheDirectory = cache
    ModelManager.modelManager().nameResolver = ModelNameResolver(baseURL: server.url("/automl/"))
    defer { ModelManager.modelManager().nameResolver = nil }
    let uiImage = try FirebaseFixtures.photo("DandelionFlower.jpg")

    // --- Firebase guide: "Label images with AutoML" (remote model) ---
    let remoteModel = AutoMLRemoteModel(name: "flowers")
    let succeeded = await Self.outcome(of: "flowers") {
      let downloadConditions = ModelDownloadConditions(
        allowsCellularAccess: true, allowsBackgroundDownloading: true)
      let downloadProgress = ModelManager.modelManager().download(
        remoteModel, conditions: downloadConditions)
      _ = downloadProgress
    }
    let localModel = AutoMLLocalModel(manifestPath: "/bundled/manifest.json")
    let options: VisionOnDeviceAutoMLImageLabelerOptions
    if ModelManager.modelManager().isModelDownloaded(remoteModel) {
      options = VisionOnDeviceAutoMLImageLabelerOptions(remoteModel: remoteModel)
    } else {
      options = VisionOnDeviceAutoMLImageLabelerOptions(localModel: localModel)
    }
    options.confidenceThreshold = 0  // Evaluate your model in the Firebase console.
    let labeler = Vision.vision().onDeviceAutoMLImageLabeler(options: options)
    let image = VisionImage(image: uiImage)
    let labels = try labeler.results(in: image)
    // --- end of snippet ---

    #expect(succeeded.0 && succeeded.1 == nil)
    #expect(options.remoteModel === remoteModel)
    #expect(labels.first?.text == "dandelion" && labels.count == 5)
    for file in ["manifest.json", "dict.txt", "model.tflite"] {
      #expect(server.transfers(of: "/automl/flowers/" + file) == 1, "\(file)")
    }
    let installed = Self.files(cache)
    #expect(installed.count == 2 && installed.contains("flowers.automl"), "\(installed)")
    let first = labels.map(\.text)

    // Version 2 stops in the middle of the model: nothing changes.
    let manifest = try SharedData.bytes("models/automl_flowers_mlkit/manifest.json")
    let dict = try SharedData.bytes("models/automl_flowers_mlkit/dict.txt")
    let model = try SharedData.bytes("models/automl_flowers_mlkit/model.tflite")
    server.setRoute("/v2/manifest.json", .init(body: manifest))
    server.setRoute("/v2/dict.txt", .init(body: dict))
    server.setRoute("/v2/model.tflite", .init(body: model, closeAfterBytes: model.count / 2))
    let v2 = AutoMLRemoteModel(name: "flowers", baseURL: server.url("/v2/"))
    let interrupted = await Self.outcome(of: "flowers") {
      ModelManager.modelManager().download(v2, conditions: ModelDownloadConditions())
    }
    #expect(!interrupted.0)
    if case .network = interrupted.1 as? ModelDownloadError {
    } else {
      Issue.record("expected a network error, got \(String(describing: interrupted.1))")
    }
    #expect(Self.files(cache) == installed)
    #expect(ModelManager.modelManager().isModelDownloaded(remoteModel))
    let again = Vision.vision().onDeviceAutoMLImageLabeler(options: options)
    #expect(try again.results(in: image).map(\.text) == first)

    // A pinned file with another digest: nothing installed either.
    server.setRoute("/v2/model.tflite", .init(body: model))
    let pinned = AutoMLRemoteModel(
      name: "flowers", baseURL: server.url("/v2/"),
      sha256: ["dict.txt": String(repeating: "0", count: 64)])
    let mismatch = await Self.outcome(of: "flowers") {
      ModelManager.modelManager().download(pinned, conditions: ModelDownloadConditions())
    }
    if case .integrityMismatch = mismatch.1 as? ModelDownloadError {
    } else {
      Issue.record("expected an integrity mismatch, got \(String(describing: mismatch.1))")
    }
    #expect(Self.files(cache) == installed)

    // A name the resolver does not know, and a new bundle interrupted: nothing installed.
    let fresh = AutoMLRemoteModel(name: "fresh", baseURL: server.url("/v3/"))
    server.setRoute("/v3/manifest.json", .init(body: manifest))
    server.setRoute("/v3/dict.txt", .init(body: dict, closeAfterBytes: 10))
    let broken = await Self.outcome(of: "fresh") {
      ModelManager.modelManager().download(fresh, conditions: ModelDownloadConditions())
    }
    #expect(!broken.0 && !ModelManager.modelManager().isModelDownloaded(fresh))
    #expect(Self.files(cache) == installed)
    ModelManager.modelManager().nameResolver = nil
    let unknown = AutoMLRemoteModel(name: "flowers")
    let unresolved = await Self.outcome(of: "flowers") {
      ModelManager.modelManager().download(unknown, conditions: ModelDownloadConditions())
    }
    #expect(unresolved.1 as? ModelDownloadError == .unresolvedName(model: "flowers"))
    #expect(Self.files(cache) == installed)
  }
}
