import Foundation
import Ocellus
import OcellusRemote
import OcellusTestSupport
import Testing

/// Remote models in the task options, the catalog, and the types' contracts.
@Suite("Remote models in options and the catalog")
struct RemoteModelOptionsTests {
  @Test(
    "options from a remote model: a clear error before download, ML Kit's bird classifier after",
    .enabled(if: SharedData.isAvailable))
  func labelerFromRemoteModel() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.serveFolder(SharedData.root.appendingPathComponent("models"))
    let entry = try #require(ModelCatalog.standard.entry(named: "mlkit-bird-classifier"))
    let model = entry.remoteModel(mirror: fixture.server.baseURL)
    #expect(
      model.source.location == fixture.server.url("/mlkit_bird_classifier.tflite").absoluteString)

    #expect(throws: ModelDownloadError.notDownloaded(model: entry.name)) {
      try CustomImageLabelerOptions(remoteModel: model, manager: fixture.manager)
    }
    #expect(throws: ModelDownloadError.notDownloaded(model: entry.name)) {
      try CustomObjectDetectorOptions(remoteModel: model, manager: fixture.manager)
    }
    #expect(
      ModelDownloadError.notDownloaded(model: entry.name).description.contains(
        "download(_:conditions:)"))

    try await fixture.manager.downloadModel(model)
    let options = try CustomImageLabelerOptions(
      remoteModel: model, manager: fixture.manager, maxResultCount: 3)
    #expect(options.maxResultCount == 3)
    let labels = try ImageLabeler(options: options).results(
      in: VisionImage(contentsOfFile: SharedData.path("images/sparrow.png")))
    #expect(labels.first?.text == "Lonchura oryzivora (Java Sparrow)")
    #expect(labels.first?.index == 735)

    let detectorOptions = try CustomObjectDetectorOptions(
      remoteModel: model, manager: fixture.manager, maxPerObjectLabelCount: 2)
    #expect(detectorOptions.maxPerObjectLabelCount == 2)
    #expect(detectorOptions.localModel.model.subgraphs.count == 1)
  }

  @Test("the catalog: the required public models, canonical URLs, mirror file names")
  func catalog() throws {
    let catalog = ModelCatalog.standard
    let names = catalog.entries.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(
      Set([
        "coco-ssd-mobilenet-v1", "mlkit-object-labeler", "mlkit-bird-classifier",
        "mobilenet-v1-0.25-quant",
      ]).isSubset(of: Set(names)))
    for entry in catalog.entries {
      #expect(entry.url.scheme == "https" && entry.url.host == "raw.githubusercontent.com")
      #expect(
        entry.url.path.hasPrefix("/tensorflow/tflite-support/master/")
          || entry.url.path.hasPrefix("/googlesamples/mlkit/master/"))
      #expect(entry.sha256.count == 64 && entry.byteCount > 0)
      let source = try #require(entry.remoteModel().source as? HTTPModelSource)
      #expect(source.url == entry.url)
      #expect(source.expectedSHA256 == entry.sha256 && source.expectedByteCount == entry.byteCount)
      let mirror = try #require(URL(string: "http://mirror.example/models"))
      #expect(
        entry.remoteModel(mirror: mirror).source.location
          == "http://mirror.example/models/\(entry.fileName)")
    }
    #expect(
      catalog.entry(named: "coco-ssd-mobilenet-v1")?.url.absoluteString
        == "https://raw.githubusercontent.com/tensorflow/tflite-support/master/tensorflow_lite_support/cc/test/testdata/task/vision/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"
    )
    #expect(
      catalog.entry(named: "mlkit-bird-classifier")?.url.absoluteString
        == "https://raw.githubusercontent.com/googlesamples/mlkit/master/android/vision-quickstart/app/src/main/assets/custom_models/bird_classifier.tflite"
    )
  }

  @Test("ML Kit's names, keys and defaults")
  func mlkitNames() {
    #expect(
      Notification.Name.mlkitModelDownloadDidSucceed.rawValue
        == "MLKModelDownloadDidSucceedNotification")
    #expect(
      Notification.Name.mlkitModelDownloadDidFail.rawValue == "MLKModelDownloadDidFailNotification")
    #expect(
      ModelDownloadUserInfoKey.remoteModel.rawValue == "MLKModelDownloadUserInfoKeyRemoteModel")
    #expect(ModelDownloadUserInfoKey.error.rawValue == "MLKModelDownloadUserInfoKeyError")
    let conditions = ModelDownloadConditions()
    #expect(conditions.allowsCellularAccess && !conditions.allowsBackgroundDownloading)
    #expect(ModelManager.modelManager() === ModelManager.shared)
  }

  @Test("odd model names stay inside the cache folder; bad sources are typed errors")
  func namesAndSources() async throws {
    let fixture = try RemoteFixture()
    defer { fixture.cleanup() }
    fixture.server.setRoute("/x", .init(body: Array("not a model".utf8)))
    let sneaky = fixture.model("../escape/ä", path: "/x")
    let path = try await fixture.manager.downloadModel(sneaky)
    #expect(path == fixture.directory + "/%2E.%2Fescape%2F%C3%A4.tflite")
    #expect(fixture.manager.isModelDownloaded(sneaky))
    // Not a TFLite file: downloading works, using it says so.
    #expect {
      try fixture.manager.localModel(for: sneaky)
    } throws: { error in
      guard case .unusableModel(let name, let file, _) = error as? ModelDownloadError else {
        return false
      }
      return name == "../escape/ä" && file == path
    }

    let ftp = RemoteModel(
      name: "ftp", source: HTTPModelSource(url: try #require(URL(string: "ftp://example.com/m"))))
    await #expect(
      throws: ModelDownloadError.invalidSource(
        model: "ftp", url: "ftp://example.com/m", reason: "only http and https URLs are supported")
    ) {
      try await fixture.manager.downloadModel(ftp)
    }
    let badPin = fixture.model("pin", path: "/x", sha256: "xyz")
    await #expect(throws: ModelDownloadError.self) {
      try await fixture.manager.downloadModel(badPin)
    }
    #expect(fixture.server.requests(to: "/x").count == 1)
  }
}
