import Foundation
import OcellusMLKit
import OcellusTestSupport
import Testing

/// The ML Kit remote-model snippets against a local HTTP server: a name resolved by the
/// manager's resolver, ML Kit's notifications carrying the `RemoteModel` object, and the
/// typed failure of an unknown name.
@Suite("ML Kit remote models", .enabled(if: SharedData.isAvailable), .serialized)
struct MLKitRemoteModelTests {
  /// Waits for the first success or failure notification about the model named `name`.
  static func outcome(of name: String, start: () -> Void) async -> (
    succeeded: Bool, model: RemoteModel?, error: Error?
  ) {
    let box = OneShot<(Bool, RemoteModel?, Error?)>()
    let observers = [Notification.Name.mlkitModelDownloadDidSucceed, .mlkitModelDownloadDidFail]
      .map { notificationName in
        // --- ML Kit guide: observing the download notifications ---
        NotificationCenter.default.addObserver(forName: notificationName, object: nil, queue: nil) {
          n in
          let model = n.userInfo?[ModelDownloadUserInfoKey.remoteModel.rawValue] as? RemoteModel
          let error = n.userInfo?[ModelDownloadUserInfoKey.error.rawValue]
          // --- end of snippet ---
          if model?.name == name {
            box.deliver((n.name == .mlkitModelDownloadDidSucceed, model, error as? Error))
          }
        }
      }
    defer { observers.forEach { NotificationCenter.default.removeObserver($0) } }
    start()
    return await box.value()
  }

  @Test func namedModelDownloadsThroughTheResolver() async throws {
    try await AsyncGate.sharedModelManager.run { try await namedModelDownload() }
  }

  func namedModelDownload() async throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let labeler = try SharedData.bytes("models/mlkit_object_labeler.tflite")
    server.setRoute("/models/your_remote_model.tflite", .init(body: labeler))
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-mlkit-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    ModelManager.modelManager().cacheDirectory = cache
    let known = server.url("/models/your_remote_model.tflite")
    ModelManager.modelManager().nameResolver = ModelNameResolver(model: { name in
      name == "your_remote_model" ? HTTPModelSource(url: known) : nil
    })

    // --- ML Kit guide: "Configure a Firebase-hosted model" / download ---
    let firebaseModelSource = FirebaseModelSource(name: "your_remote_model")
    let remoteModel = CustomRemoteModel(remoteModelSource: firebaseModelSource)
    #expect(!ModelManager.modelManager().isModelDownloaded(remoteModel))
    let result = await Self.outcome(of: "your_remote_model") {
      let downloadConditions = ModelDownloadConditions(
        allowsCellularAccess: true, allowsBackgroundDownloading: true)
      let downloadProgress = ModelManager.modelManager().download(
        remoteModel, conditions: downloadConditions)
      #expect(downloadProgress.totalUnitCount != 0)
    }
    #expect(result.succeeded && result.error == nil)
    #expect(result.model === remoteModel)
    let options: CustomObjectDetectorOptions
    if ModelManager.modelManager().isModelDownloaded(remoteModel) {
      options = CustomObjectDetectorOptions(remoteModel: remoteModel)
    } else {
      options = CustomObjectDetectorOptions(localModel: LocalModel(path: "/bundled.tflite"))
    }
    // --- end of snippet ---
    #expect(options.remoteModel === remoteModel)
    #expect(server.transfers(of: "/models/your_remote_model.tflite") == 1)
    options.detectorMode = .singleImage
    options.shouldEnableMultipleObjects = true
    options.shouldEnableClassification = true
    options.detectorModel = LocalModel(path: MLKitFixtures.cocoPath)
    options.classificationConfidenceThreshold = NSNumber(value: 0)
    let image = VisionImage(image: try MLKitFixtures.photo("pets.jpg"))
    let objects = try ObjectDetector.objectDetector(options: options).results(in: image)
    #expect(objects.map { $0.labels.first?.text } == ["Cattle", "Sculpture"])

    // An unknown name fails with the typed error and the fail notification.
    let unknown = CustomRemoteModel(remoteModelSource: FirebaseModelSource(name: "nobody"))
    let failed = await Self.outcome(of: "nobody") {
      ModelManager.modelManager().download(unknown, conditions: ModelDownloadConditions())
    }
    #expect(!failed.succeeded && failed.model === unknown)
    #expect(failed.error as? ModelDownloadError == .unresolvedName(model: "nobody"))
    #expect(!ModelManager.modelManager().isModelDownloaded(unknown))
    let notReady = ObjectDetector.objectDetector(
      options: CustomObjectDetectorOptions(remoteModel: unknown))
    #expect(throws: ModelDownloadError.notDownloaded(model: "nobody")) {
      try notReady.results(in: image)
    }
    ModelManager.modelManager().nameResolver = nil
  }
}
