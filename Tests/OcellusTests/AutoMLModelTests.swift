import Foundation
import Ocellus
import OcellusTestSupport
import TFLiteModel
import Testing

/// The AutoML Vision Edge bundle: manifest, dict.txt winning over embedded labels (BEHAVIOR.md D-6).
@Suite("AutoML model", .enabled(if: SharedData.isAvailable))
struct AutoMLModelTests {
  static let manifest = SharedData.path("models/automl_flowers_mlkit/manifest.json")

  @Test func loadsTheFlowersBundle() throws {
    let local = try AutoMLImageLabelerLocalModel(manifestPath: Self.manifest)
    #expect(local.labels == ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
    let description = try local.classifierDescription()
    let head = try #require(description.heads.first)
    #expect(head.classCount == 5)
    #expect(head.labels.source == .labelsFile(path: local.bundle.labelsPath))
    #expect(head.labels.texts == local.labels)
    #expect(head.metadataScoreThreshold == nil)
    #expect(description.input.elementType == .uint8)
    #expect(description.input.packing == .rawBytes)
  }

  @Test(arguments: ["DandelionFlower", "sunflower", "burger"])
  func topLabelMatchesTheReference(_ image: String) throws {
    let local = try AutoMLImageLabelerLocalModel(manifestPath: Self.manifest)
    let head = try ClassificationHead(try #require(try local.classifierDescription().heads.first))
    let output = try ModelValidationFixtures.npy("reference/automl_flowers_mlkit/\(image).out0.npy")
    let labels = try head.labels(rawOutput: output.data)
    let reference = try ModelValidationFixtures.top5(model: "automl_flowers_mlkit", image: image)
    #expect(labels.first?.index == reference[0].index)
    #expect(labels.first?.text == reference[0].label)
    #expect(abs((labels.first?.confidence ?? -1) - reference[0].score) <= 1e-6)
    // Threshold 0 is inclusive: every class is returned, scores descending, ties by index.
    #expect(labels.count == 5)
    #expect(Set(labels.map(\.index)) == Set(0..<5))
  }

  @Test func legacyDefaultThresholdOfOneHalf() throws {
    // The legacy Firebase AutoML labeler defaults to 0.5 (BEHAVIOR.md E.3).
    let local = try AutoMLImageLabelerLocalModel(manifestPath: Self.manifest)
    let head = try ClassificationHead(
      try #require(try local.classifierDescription().heads.first), threshold: 0.5)
    let output = try ModelValidationFixtures.npy(
      "reference/automl_flowers_mlkit/DandelionFlower.out0.npy")
    #expect(try head.labels(rawOutput: output.data).map(\.text) == ["dandelion"])
  }

  @Test func iosManifestNamesFilesThatAreNotThere() {
    // The iOS sample manifest (trailing comma) parses, but names automl_labeler_model.tflite.
    let path = SharedData.path("models/automl_flowers_mlkit/ios_automl_labeler_manifest.json")
    #expect {
      _ = try AutoMLImageLabelerLocalModel(manifestPath: path)
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .autoMLBundle(let reported, .model(let modelPath, _)) = error
      else { return false }
      return reported == path && modelPath.hasSuffix("automl_labeler_model.tflite")
        && error.description.contains("automl_labeler_model.tflite")
    }
  }

  @Test func missingManifestIsReported() {
    #expect {
      _ = try AutoMLImageLabelerLocalModel(manifestPath: "/nonexistent/manifest.json")
    } throws: { error in
      guard
        case .autoMLBundle("/nonexistent/manifest.json", .fileUnreadable) = error
          as? ModelValidationError
      else { return false }
      return true
    }
  }

  /// A temporary bundle around the model with embedded labels, with `dict` as dict.txt.
  static func bundle(dict: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-automl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("model.tflite"),
      withDestinationURL: URL(
        fileURLWithPath: SharedData.path("models/tfls_automl_labeler_model_with_metadata.tflite")))
    try Data(dict.utf8).write(to: folder.appendingPathComponent("dict.txt"))
    try Data(
      #"{"modelType": "IMAGE_LABELING", "modelFile": "model.tflite", "labelsFile": "dict.txt",}"#
        .utf8
    )
    .write(to: folder.appendingPathComponent("manifest.json"))
    return folder
  }

  @Test func dictWinsOverEmbeddedLabels() throws {
    let folder = try Self.bundle(dict: "a\r\nb\r\nc\r\nd\r\ne\r\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let local = try AutoMLImageLabelerLocalModel(
      manifestPath: folder.appendingPathComponent("manifest.json").path)
    let head = try #require(try local.classifierDescription().heads.first)
    #expect(head.labels.texts == ["a", "b", "c", "d", "e"])
    // Options still win over the labels file.
    let overridden = try local.classifierDescription(
      options: ClassifierModelOptions(labels: ["1", "2", "3", "4", "5"]))
    #expect(overridden.heads.first?.labels.source == .options)
  }

  @Test func dictAndEmbeddedLabelCountsMustAgree() throws {
    let folder = try Self.bundle(dict: "daisy\ndandelion\nroses\nsunflowers\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect {
      _ = try AutoMLImageLabelerLocalModel(
        manifestPath: folder.appendingPathComponent("manifest.json").path)
    } throws: { error in
      guard case .autoMLBundle(_, .labelCountMismatch(4, 5, _)) = error as? ModelValidationError
      else {
        return false
      }
      return true
    }
  }

  @Test func bothModelKindsServeAsClassifierSources() throws {
    let sources: [any ClassifierModelSource] = [
      try AutoMLImageLabelerLocalModel(manifestPath: Self.manifest),
      try LocalModel(path: SharedData.path("models/automl_flowers_mlkit/model.tflite")),
    ]
    let descriptions = try sources.map {
      try $0.classifierDescription(options: ClassifierModelOptions(), outputShapes: nil)
    }
    #expect(descriptions.map { $0.heads[0].labels.count } == [5, 0])
    #expect(descriptions[0].heads[0].labels.text(at: 1) == "dandelion")
    #expect(descriptions[1].heads[0].labels.text(at: 1) == "")
  }
}
