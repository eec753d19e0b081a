import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// AutoML Vision Edge bundles: the manifest, the model it names and `dict.txt`.
@Suite("AutoML bundles", .enabled(if: SharedData.isAvailable))
struct AutoMLBundleTests {
  @Test("the Android sample bundle loads: model, five flowers, paths relative to the manifest")
  func androidBundle() throws {
    let manifest = SharedData.path("models/automl_flowers_mlkit/manifest.json")
    let bundle = try AutoMLBundle(manifestPath: manifest)
    #expect(bundle.manifest.modelType == .imageLabeling)
    #expect(bundle.modelPath == SharedData.path("models/automl_flowers_mlkit/model.tflite"))
    #expect(bundle.labelsPath == SharedData.path("models/automl_flowers_mlkit/dict.txt"))
    #expect(bundle.labels.labels == ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
    #expect(bundle.model.mainSubgraph.outputTensors.first?.shape == [1, 5])
    #expect(bundle.model.metadata == nil)
  }

  @Test("the iOS sample manifest parses despite its trailing comma; its missing model is named")
  func iosManifest() throws {
    let manifest = SharedData.path("models/automl_flowers_mlkit/ios_automl_labeler_manifest.json")
    let parsed = try AutoMLManifest.parse(
      SharedData.bytes("models/automl_flowers_mlkit/ios_automl_labeler_manifest.json"))
    #expect(parsed.modelFile == "automl_labeler_model.tflite")
    #expect(parsed.labelsFile == "automl_labeler_labels.txt")
    let error = try #require(throws: AutoMLBundleError.self) {
      try AutoMLBundle(manifestPath: manifest)
    }
    guard case .model(let path, .fileUnreadable) = error else {
      throw SyntheticModelTests.Failure("\(error)")
    }
    #expect(path == SharedData.path("models/automl_flowers_mlkit/automl_labeler_model.tflite"))
    #expect(error.description.contains("automl_labeler_model.tflite"))
  }

  @Test("dict.txt wins over embedded labels, but their counts must agree (BEHAVIOR.md D-6)")
  func labelCountsMustAgree() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-automl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The Task Library's copy of the flowers model embeds labels.txt with 5 labels.
    try Data(SharedData.bytes("models/tfls_automl_labeler_model_with_metadata.tflite"))
      .write(to: folder.appendingPathComponent("model.tflite"))
    try Data(
      "{\"modelType\": \"IMAGE_LABELING\", \"modelFile\": \"model.tflite\", \"labelsFile\": \"dict.txt\",}"
        .utf8
    )
    .write(to: folder.appendingPathComponent("manifest.json"))
    let manifest = folder.appendingPathComponent("manifest.json").path

    try Data("Daisy\r\nDandelion\r\nRoses\r\nSunflowers\r\nTulips\r\n".utf8).write(
      to: folder.appendingPathComponent("dict.txt"))
    let bundle = try AutoMLBundle(manifestPath: manifest)
    #expect(bundle.labels.labels == ["Daisy", "Dandelion", "Roses", "Sunflowers", "Tulips"])

    try Data("daisy\ndandelion\n".utf8).write(to: folder.appendingPathComponent("dict.txt"))
    #expect(
      throws: AutoMLBundleError.labelCountMismatch(
        labelsFile: 2, embedded: 5, embeddedName: "labels.txt")
    ) {
      try AutoMLBundle(manifestPath: manifest)
    }
  }

  @Test("missing manifests and files that are not models give typed errors")
  func missingFiles() throws {
    #expect(throws: AutoMLBundleError.self) {
      try AutoMLBundle(manifestPath: "/nonexistent/manifest.json")
    }
    let error = try #require(throws: ModelError.self) {
      try ModelFile(contentsOfFile: SharedData.path("models/automl_flowers_mlkit/dict.txt"))
    }
    #expect(error.description.contains("expected \"TFL3\""), "\(error)")
    let directory = try #require(throws: ModelError.self) {
      try ModelFile(contentsOfFile: SharedData.path("models"))
    }
    #expect(
      directory == .fileUnreadable(path: SharedData.path("models"), reason: "not a regular file"))
  }
}
