import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// The shared models folder.
private func modelsDirectory() -> URL { SharedData.root.appendingPathComponent("models") }

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func manifestError(_ text: String, allowUnknownModelType: Bool = false)
  -> AutoMLManifestError?
{
  do {
    _ = try AutoMLManifest.parse(bytes(text), allowUnknownModelType: allowUnknownModelType)
    return nil
  } catch {
    return error
  }
}

@Suite("AutoML manifest")
struct AutoMLManifestTests {
  // MARK: Real files

  @Test func androidFlowersManifest() throws {
    let directory = modelsDirectory().appendingPathComponent("automl_flowers_mlkit")
    let manifestPath = directory.appendingPathComponent("manifest.json").path
    let manifest = try AutoMLManifest.parse(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: manifestPath))))
    #expect(manifest.modelTypeName == "IMAGE_LABELING")
    #expect(manifest.modelType == .imageLabeling)
    #expect(manifest.modelFile == "model.tflite")
    #expect(manifest.labelsFile == "dict.txt")

    let modelPath = try manifest.modelPath(relativeToManifestAt: manifestPath)
    let labelsPath = try manifest.labelsPath(relativeToManifestAt: manifestPath)
    #expect(modelPath == directory.appendingPathComponent("model.tflite").path)
    #expect(FileManager.default.fileExists(atPath: modelPath))
    // The resolved labels file is the real flowers label list.
    let labels = try LabelFile.parse(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: labelsPath))))
    #expect(labels.labels == ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
  }

  @Test func iosManifestWithTrailingComma() throws {
    let directory = modelsDirectory().appendingPathComponent("automl_flowers_mlkit")
    let manifestPath = directory.appendingPathComponent("ios_automl_labeler_manifest.json").path
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: manifestPath)))
    // Not strict JSON: a trailing comma before "}".
    #expect(String(decoding: data, as: UTF8.self).contains("\",\n}"))
    let manifest = try AutoMLManifest.parse(data)
    #expect(
      manifest
        == AutoMLManifest(
          modelTypeName: "IMAGE_LABELING", modelFile: "automl_labeler_model.tflite",
          labelsFile: "automl_labeler_labels.txt"))
    // Resolution still works; the files are not shipped there, which the loader reports.
    let modelPath = try manifest.modelPath(relativeToManifestAt: manifestPath)
    #expect(modelPath == directory.appendingPathComponent("automl_labeler_model.tflite").path)
    #expect(!FileManager.default.fileExists(atPath: modelPath))
    #expect(
      try manifest.labelsPath(relativeToManifestAt: manifestPath)
        == directory.appendingPathComponent("automl_labeler_labels.txt").path)
  }

  // MARK: Leniency

  @Test func bomCommentsAndUnknownKeys() throws {
    let text =
      [0xEF, 0xBB, 0xBF]
      + bytes(
        """
        {
          // exported by AutoML
          "version": 2, "extra": {"nested": [1, 2,],},
          "labelsFile": "labels.txt",
          "modelType": "IMAGE_LABELING",
          "modelFile": "sub/model.tflite",
        }
        """)
    let manifest = try AutoMLManifest.parse(text[...])
    #expect(manifest.modelFile == "sub/model.tflite")
    #expect(manifest.labelsFile == "labels.txt")
    #expect(manifest.modelType == .imageLabeling)
  }

  // MARK: Errors

  @Test func missingKeysAreAllNamed() {
    #expect(manifestError("{}") == .missingKeys(["modelType", "modelFile", "labelsFile"]))
    let error = manifestError(#"{"modelType": "IMAGE_LABELING", "labelsfile": "x"}"#)
    #expect(error == .missingKeys(["modelFile", "labelsFile"]))
    #expect(
      error?.description
        == "The AutoML manifest lacks the required keys \"modelFile\", \"labelsFile\".")
    #expect(
      manifestError(#"{"modelType": "IMAGE_LABELING", "modelFile": "m"}"#)
        == .missingKeys(["labelsFile"]))
  }

  @Test func wrongTypesAndValues() {
    #expect(manifestError("[]") == .notAnObject(found: "array"))
    #expect(manifestError("\"IMAGE_LABELING\"") == .notAnObject(found: "string"))
    #expect(
      manifestError(#"{"modelType": "IMAGE_LABELING", "modelFile": 3, "labelsFile": "l"}"#)
        == .notAString(key: "modelFile", found: "number"))
    #expect(
      manifestError(#"{"modelType": null, "modelFile": "m", "labelsFile": "l"}"#)
        == .notAString(key: "modelType", found: "null"))
    #expect(
      manifestError(#"{"modelType": "IMAGE_LABELING", "modelFile": "m", "labelsFile": ""}"#)
        == .emptyValue(key: "labelsFile"))
    #expect(
      manifestError(
        #"{"modelType": "IMAGE_LABELING", "modelFile": "m\u0000.tflite", "labelsFile": "l"}"#)
        == .nulCharacter(key: "modelFile"))
    #expect(
      manifestError(#"{"modelType": "", "modelFile": "m", "labelsFile": "l"}"#)
        == .emptyValue(key: "modelType"))
  }

  @Test func jsonErrorsCarryPositions() {
    let error = manifestError("{\n  \"modelType\": \"IMAGE_LABELING\"\n  \"modelFile\": \"m\"\n}")
    guard case .json(let jsonError) = error else {
      Issue.record("expected a JSON error, got \(String(describing: error))")
      return
    }
    #expect(jsonError.position?.line == 3)
    #expect(jsonError.position?.column == 3)
    #expect(
      manifestError(#"{"modelType": "A", "modelType": "B", "modelFile": "m", "labelsFile": "l"}"#)
        == .json(.duplicateKey("modelType", at: JSONPosition(offset: 19, line: 1, column: 20))))
    let huge = "{\"modelType\": \"" + String(repeating: "x", count: 1 << 20) + "\"}"
    #expect(manifestError(huge) == .json(.inputTooLarge(byteCount: (1 << 20) + 17, limit: 1 << 20)))
  }

  @Test func unknownModelType() throws {
    let text = #"{"modelType": "OBJECT_DETECTION", "modelFile": "m.tflite", "labelsFile": "l.txt"}"#
    let error = manifestError(text)
    #expect(error == .unsupportedModelType("OBJECT_DETECTION"))
    #expect(error?.description.contains("\"IMAGE_LABELING\"") == true)
    let listed = try AutoMLManifest.parse(bytes(text), allowUnknownModelType: true)
    #expect(listed.modelTypeName == "OBJECT_DETECTION")
    #expect(listed.modelType == nil)
    #expect(AutoMLModelType.allCases.map(\.rawValue) == ["IMAGE_LABELING"])
    // Model types are case-sensitive.
    #expect(
      manifestError(text.replacingOccurrences(of: "OBJECT_DETECTION", with: "image_labeling"))
        == .unsupportedModelType("image_labeling"))
  }

  // MARK: Path resolution

  @Test func pathResolution() throws {
    #expect(
      try AutoMLManifest.resolve("dict.txt", relativeToManifestAt: "/a/b/manifest.json")
        == "/a/b/dict.txt")
    #expect(
      try AutoMLManifest.resolve("dict.txt", relativeToManifestAt: "a/b/manifest.json")
        == "a/b/dict.txt")
    #expect(
      try AutoMLManifest.resolve("dict.txt", relativeToManifestAt: "manifest.json") == "dict.txt")
    #expect(
      try AutoMLManifest.resolve("dict.txt", relativeToManifestAt: "/manifest.json") == "/dict.txt")
    #expect(
      try AutoMLManifest.resolve("sub/m.tflite", relativeToManifestAt: "x/manifest.json")
        == "x/sub/m.tflite")
    // Absolute names are kept; ".." is allowed and not normalized.
    #expect(
      try AutoMLManifest.resolve("/opt/m.tflite", relativeToManifestAt: "x/manifest.json")
        == "/opt/m.tflite")
    #expect(
      try AutoMLManifest.resolve("../m.tflite", relativeToManifestAt: "x/y/manifest.json")
        == "x/y/../m.tflite")
    #expect(
      try AutoMLManifest.resolve("é.txt", relativeToManifestAt: "dír/manifest.json") == "dír/é.txt")

    #expect(throws: AutoMLManifestError.emptyValue(key: "fileName")) {
      try AutoMLManifest.resolve("", relativeToManifestAt: "x/manifest.json")
    }
    #expect(throws: AutoMLManifestError.nulCharacter(key: "fileName")) {
      try AutoMLManifest.resolve("a\u{0}b", relativeToManifestAt: "x/manifest.json")
    }
    #expect(throws: AutoMLManifestError.emptyValue(key: "manifestPath")) {
      try AutoMLManifest.resolve("a", relativeToManifestAt: "")
    }
    #expect(throws: AutoMLManifestError.nulCharacter(key: "manifestPath")) {
      try AutoMLManifest.resolve("a", relativeToManifestAt: "x\u{0}/manifest.json")
    }
    let unchecked = AutoMLManifest(modelTypeName: "IMAGE_LABELING", modelFile: "", labelsFile: "l")
    #expect(throws: AutoMLManifestError.emptyValue(key: "modelFile")) {
      try unchecked.modelPath(relativeToManifestAt: "manifest.json")
    }
  }
}
