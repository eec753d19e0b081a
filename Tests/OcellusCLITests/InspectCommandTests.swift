import Foundation
import OcellusTestSupport
import Testing

/// `ocellus inspect`, run as a user runs it.
@Suite("ocellus inspect", .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct InspectCommandTests {
  static func json(_ model: String) throws -> [String: Any] {
    let result = try ToolRunner.run(["inspect", SharedData.path(model), "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(object as? [String: Any])
  }

  @Test(
    "--json describes the SSD detector: ops with counts, tensors, custom options, metadata, files")
  func detectorJSON() throws {
    let report = try Self.json(
      "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite")
    #expect(report["schema_version"] as? Int == 3)
    let operators = try #require(report["operators"] as? [[String: Any]])
    #expect(
      operators.map { $0["name"] as? String } == [
        "CONV_2D", "CONCATENATION", "DEPTHWISE_CONV_2D", "LOGISTIC", "RESHAPE",
        "CUSTOM:TFLite_Detection_PostProcess",
      ])
    #expect(operators.map { $0["count"] as? Int } == [34, 2, 13, 1, 13, 1])
    let input = try #require((report["inputs"] as? [[String: Any]])?.first)
    #expect(input["shape"] as? [Int] == [1, 300, 300, 3])
    #expect(input["type"] as? String == "uint8")
    let quantization = try #require(input["quantization"] as? [String: Any])
    #expect(quantization["scale"] as? [Double] == [0.0078125])
    #expect(quantization["zero_point"] as? [Int] == [128])
    let outputs = try #require(report["outputs"] as? [[String: Any]])
    #expect(outputs.count == 4)
    #expect(outputs.allSatisfy { $0["type"] as? String == "float32" })
    let custom = try #require((report["custom_options"] as? [[String: Any]])?.first)
    #expect(custom["name"] as? String == "TFLite_Detection_PostProcess")
    let options = try #require(custom["options"] as? [String: Any])
    #expect(options["max_detections"] as? Int == 10)
    #expect(options["num_classes"] as? Int == 90)
    #expect(options["nms_iou_threshold"] as? Double == 0.6)
    #expect(options["_output_quantized"] as? Bool == true)

    let metadata = try #require(report["metadata"] as? [String: Any])
    #expect(metadata["name"] as? String == "ObjectDetector")
    #expect(metadata["min_parser_version"] as? String == "1.2.0")
    let metadataInput = try #require((metadata["inputs"] as? [[String: Any]])?.first)
    let normalization = try #require(metadataInput["normalization"] as? [String: Any])
    #expect(normalization["mean"] as? [Double] == [127.5])
    #expect(normalization["std"] as? [Double] == [127.5])
    let metadataOutputs = try #require(metadata["outputs"] as? [[String: Any]])
    #expect(
      metadataOutputs.map { $0["name"] as? String } == [
        "location", "category", "score", "number of detections",
      ])
    let box = try #require(metadataOutputs[0]["bounding_box"] as? [String: Any])
    #expect(box["index"] as? [Int] == [1, 0, 3, 2])
    #expect(box["type"] as? String == "BOUNDARIES")
    #expect(box["coordinate_type"] as? String == "RATIO")
    let labels = try #require((metadataOutputs[1]["associated_files"] as? [[String: Any]])?.first)
    #expect(labels["name"] as? String == "labelmap.txt")
    #expect(labels["type"] as? String == "TENSOR_VALUE_LABELS")
    #expect(labels["labels"] as? Int == 90)
    #expect(labels["first_label"] as? String == "person")
    #expect(labels["last_label"] as? String == "toothbrush")
    let calibration = try #require(metadataOutputs[2]["score_calibration"] as? [String: Any])
    #expect(calibration["transformation"] as? String == "INVERSE_LOGISTIC")
    let archive = try #require(report["associated_files"] as? [[String: Any]])
    #expect(
      archive.map { $0["name"] as? String } == ["score_calibration_dummy.csv", "labelmap.txt"])
    #expect(archive.map { $0["bytes"] as? Int } == [1364, 661])
    #expect((report["warnings"] as? [Any])?.isEmpty == true)
  }

  @Test("--json gives a score threshold and label files by locale")
  func labelerJSON() throws {
    let report = try Self.json("models/mlkit_object_labeler.tflite")
    let metadata = try #require(report["metadata"] as? [String: Any])
    let output = try #require((metadata["outputs"] as? [[String: Any]])?.first)
    #expect(output["score_threshold"] as? Double == 0.35)
    let files = try #require(output["associated_files"] as? [[String: Any]])
    #expect(files.map { $0["locale"] as? String } == [nil, "en"])
    #expect(files.map { $0["labels"] as? Int } == [631, 631])
    #expect(files.map { $0["first_label"] as? String } == ["/g/11c539qpsz", "Smart speaker"])
  }

  @Test("the JSON document is stable: the same bytes on every run")
  func stableJSON() throws {
    let model = SharedData.path("models/mobilenet_v1_0.25_224_quant.tflite")
    let first = try ToolRunner.run(["inspect", model, "--json"])
    let second = try ToolRunner.run(["inspect", model, "--json"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(first.standardOutput.hasPrefix("{\n  \"file\": "))
  }

  @Test(
    "text output summarizes every shared model",
    arguments: SharedData.isAvailable ? SharedData.modelFiles() : [])
  func text(model: String) throws {
    let result = try ToolRunner.run(["inspect", SharedData.path(model)])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Operators ("))
    #expect(result.standardOutput.contains("Inputs:\n  ["))
    #expect(result.standardOutput.contains("Outputs:\n  ["))
    #expect(result.standardOutput.contains("Metadata: "))
  }

  @Test("errors: missing files, malformed models and bad usage")
  func errors() throws {
    let missing = try ToolRunner.run(["inspect", "/nonexistent/model.tflite"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot read /nonexistent/model.tflite"))

    let bytes = try SharedData.bytes("models/mobilenet_v1_0.25_224_quant.tflite")
    let truncated = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-truncated.tflite")
    try Data(bytes.prefix(1_000)).write(to: truncated)
    defer { try? FileManager.default.removeItem(at: truncated) }
    let malformed = try ToolRunner.run(["inspect", truncated.path])
    #expect(malformed.status == 1)
    #expect(malformed.standardError.contains("malformed TFLite model: Model."))
    #expect(malformed.standardError.contains("at byte"))

    #expect(try ToolRunner.run([]).status == 2)
    #expect(try ToolRunner.run(["frobnicate"]).status == 2)
    #expect(try ToolRunner.run(["inspect"]).status == 2)
    #expect(try ToolRunner.run(["inspect", "a", "b"]).status == 2)
    #expect(try ToolRunner.run(["inspect", "--bogus", "a"]).status == 2)
  }
}

extension InspectCommandTests {
  @Test("an AutoML manifest is recognised by content and shows the bundle")
  func manifest() throws {
    let result = try ToolRunner.run([
      "inspect", SharedData.path("models/automl_flowers_mlkit/manifest.json"), "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(report["model_type"] as? String == "IMAGE_LABELING")
    let labels = try #require(report["labels"] as? [String: Any])
    #expect(labels["count"] as? Int == 5)
    #expect(labels["first"] as? String == "daisy")
    #expect(labels["last"] as? String == "tulips")
    let model = try #require(report["model"] as? [String: Any])
    #expect((model["outputs"] as? [[String: Any]])?.first?["shape"] as? [Int] == [1, 5])

    let text = try ToolRunner.run([
      "inspect", SharedData.path("models/automl_flowers_mlkit/manifest.json"),
    ])
    #expect(text.standardOutput.hasPrefix("AutoML bundle "))
    #expect(text.standardOutput.contains("5 labels, \"daisy\" … \"tulips\""))

    let ios = try ToolRunner.run([
      "inspect", SharedData.path("models/automl_flowers_mlkit/ios_automl_labeler_manifest.json"),
    ])
    #expect(ios.status == 1)
    #expect(ios.standardError.contains("automl_labeler_model.tflite"))
  }

  @Test("--as checks a model for a task with the labeler's and detector's rules")
  func fitCheck() throws {
    let classifier = try ToolRunner.run([
      "inspect", "Models/digits_classifier.tflite", "--as", "classifier",
    ])
    #expect(classifier.status == 0, "\(classifier.standardError)")
    #expect(classifier.standardOutput.contains("Fits as an image classifier:"))
    #expect(classifier.standardOutput.contains("64×64×3 uint8, pixels as raw bytes"))

    let wrongTask = try ToolRunner.run([
      "inspect", "Models/digits_classifier.tflite", "--as", "detector", "--json",
    ])
    #expect(wrongTask.status == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(wrongTask.standardOutput.utf8))
        as? [String: Any])
    let fit = try #require(report["fit"] as? [String: Any])
    #expect(fit["as"] as? String == "detector")
    #expect(fit["fits"] as? Bool == false)
    let problems = try #require(fit["problems"] as? [String])
    #expect(problems.count == 1 && problems[0].contains("BEHAVIOR.md C.2"))

    let detector = try ToolRunner.run([
      "inspect", "Models/digits_detector.tflite", "--as", "detector",
    ])
    #expect(detector.status == 0)
    #expect(detector.standardOutput.contains("Fits as an object detector:"))
    let bundle = try ToolRunner.run([
      "inspect", "Models/automl_digits/manifest.json", "--as", "classifier",
    ])
    #expect(bundle.status == 0)
    let badTask = try ToolRunner.run(["inspect", "Models/digits_detector.tflite", "--as", "x"])
    #expect(badTask.status == 2)
  }
}
