import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The classification head on LiteRT's reference outputs, and hand-made cases for C.1.
@Suite("ClassificationHead")
struct ClassificationHeadTests {
  // MARK: Reference outputs

  static let referenceModels = [
    "coral_mobilenet_v1_0.25_128_quant", "coral_mobilenet_v1_0.5_160_quant",
    "coral_mobilenet_v2_1.0_224_quant", "mlkit_bird_classifier", "mlkit_object_labeler",
    "mobilenet_v1_0.25_224_1_default_1", "mobilenet_v1_0.25_224_1_metadata_1",
    "mobilenet_v1_0.25_224_quant", "tfls_automl_labeler_model_with_metadata",
    "tfls_mobilenet_v2_1.0_224_quant",
  ]

  /// The description the reference run corresponds to (external labels where it used them).
  static func description(referenceModel name: String) throws -> ClassifierModelDescription {
    let local = try LocalModel(path: ModelValidationFixtures.model(name + ".tflite"))
    switch name {
    case "mobilenet_v1_0.25_224_1_default_1":
      return try local.classifierDescription(
        options: ClassifierModelOptions(
          normalization: ImageNormalization(mean: 127.5, std: 127.5),
          labels: ModelValidationFixtures.labels("imagenet_labels_1001.txt")))
    case "tfls_mobilenet_v2_1.0_224_quant":
      return try local.classifierDescription(
        options: ClassifierModelOptions(
          labels: ModelValidationFixtures.labels("imagenet_labels_1001.txt")))
    default:
      return try local.classifierDescription()
    }
  }

  @Test(.enabled(if: SharedData.isAvailable), arguments: referenceModels)
  func topLabelsMatchTheReference(_ name: String) throws {
    let description = try Self.description(referenceModel: name)
    let head = try ClassificationHead(
      try #require(description.heads.first), threshold: 0, maxResults: 5)
    let images = ModelValidationFixtures.referenceImages(model: name)
    #expect(!images.isEmpty)
    for image in images {
      let output = try ModelValidationFixtures.npy("reference/\(name)/\(image).out0.npy")
      #expect(output.type == description.heads[0].elementType)
      let labels = try head.labels(rawOutput: output.data)
      let reference = try ModelValidationFixtures.top5(model: name, image: image)
      try #require(labels.count == 5 && reference.count == 5)
      #expect(labels[0].index == reference[0].index, "\(name) \(image)")
      #expect(abs(labels[0].confidence - reference[0].score) <= 1e-6, "\(name) \(image)")
      #expect(labels[0].text == reference[0].label, "\(name) \(image)")
      for (ours, theirs) in zip(labels, reference) {
        #expect(abs(ours.confidence - theirs.score) <= 1e-6, "\(name) \(image)")
      }
      // Ties come out by ascending index.
      for (a, b) in zip(labels, labels.dropFirst()) where a.confidence == b.confidence {
        #expect(a.index < b.index)
      }
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func metadataThresholdApplies() throws {
    // The bird classifier's metadata threshold is 0.3: only the Java sparrow (0.394) passes.
    let description = try Self.description(referenceModel: "mlkit_bird_classifier")
    let head = try ClassificationHead(try #require(description.heads.first))
    #expect(head.threshold == 0.3)
    let output = try ModelValidationFixtures.npy("reference/mlkit_bird_classifier/sparrow.out0.npy")
    let labels = try head.labels(rawOutput: output.data)
    #expect(labels.map(\.index) == [735])
    #expect(labels.first?.text == "Lonchura oryzivora (Java Sparrow)")
    // The object labeler's 0.35 keeps Food, Sandwich and Hamburger on the burger.
    let labeler = try ClassificationHead(
      try #require(try Self.description(referenceModel: "mlkit_object_labeler").heads.first))
    #expect(labeler.threshold == 0.35)
    let burger = try ModelValidationFixtures.npy("reference/mlkit_object_labeler/burger.out0.npy")
    #expect(
      try labeler.labels(rawOutput: burger.data).map(\.text) == ["Food", "Sandwich", "Hamburger"])
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func readsScoresFromTheInterpreter() throws {
    let name = "coral_mobilenet_v1_0.25_128_quant"
    let local = try LocalModel(path: ModelValidationFixtures.model(name + ".tflite"))
    let description = try local.classifierDescription()
    let interpreter = try ModelInterpreter(model: local.model)
    let input = try ModelValidationFixtures.npy("reference/\(name)/sparrow.input.npy")
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    let head = try ClassificationHead(try #require(description.heads.first), maxResults: 1)
    let labels = try head.labels(from: interpreter)
    let reference = try ModelValidationFixtures.top5(model: name, image: "sparrow")
    #expect(labels.first?.index == reference[0].index)
    #expect(labels.first?.text == reference[0].label)
    #expect(abs((labels.first?.confidence ?? 0) - reference[0].score) <= 2.0 / 256)
  }

  // MARK: Hand-made cases

  static let tensor = TensorReference(role: .output, position: 0, name: "scores")

  static func head(
    _ labels: [String], metadataThreshold: Float? = nil, calibration: ScoreCalibrator? = nil
  ) -> ClassificationHeadDescription {
    ClassificationHeadDescription(
      tensor: tensor, classCount: labels.count, elementType: .float32, dequantization: nil,
      labels: labels.allSatisfy(\.isEmpty) ? .empty : LabelMap(names: labels, source: .options),
      metadataScoreThreshold: metadataThreshold, calibration: calibration)
  }

  @Test func thresholdIsInclusiveAndTiesAscend() throws {
    let description = Self.head(["a", "b", "c", "d"])
    let scores: [Float] = [0.5, 0.3, 0.7, 0.3]
    let inclusive = try ClassificationHead(description, threshold: 0.3)
    #expect(try inclusive.labels(scores: scores).map(\.index) == [2, 0, 1, 3])
    #expect(try inclusive.labels(scores: scores).map(\.text) == ["c", "a", "b", "d"])
    let above = try ClassificationHead(description, threshold: 0.30001)
    #expect(try above.labels(scores: scores).map(\.index) == [2, 0])
    let ties = try ClassificationHead(description, maxResults: 2)
    #expect(try ties.labels(scores: [0.25, 0.25, 0.25, 0.25]).map(\.index) == [0, 1])
  }

  @Test func thresholdFallsBackToMetadataThenZero() throws {
    let scores: [Float] = [0.5, -0.1, 0.7, 0]
    let metadata = Self.head(["a", "b", "c", "d"], metadataThreshold: 0.5)
    #expect(try ClassificationHead(metadata).labels(scores: scores).map(\.index) == [2, 0])
    #expect(try ClassificationHead(metadata, threshold: .nan).threshold == 0.5)
    #expect(
      try ClassificationHead(metadata, threshold: 0.6).labels(scores: scores).map(\.index) == [2])
    let none = Self.head(["a", "b", "c", "d"])
    #expect(try ClassificationHead(none).threshold == 0)
    #expect(try ClassificationHead(none).labels(scores: scores).map(\.index) == [2, 0, 3])
  }

  @Test func maxResultsMustBePositive() throws {
    let description = Self.head(["a", "b", "c"])
    #expect(
      try ClassificationHead(description, maxResults: 1).labels(scores: [0.1, 0.9, 0.5]).map(
        \.index) == [1])
    #expect(throws: ModelValidationError.invalidMaxResults(0)) {
      _ = try ClassificationHead(description, maxResults: 0)
    }
  }

  @Test func allowAndDenyLists() throws {
    let description = Self.head(["cat", "dog", "bird"])
    let scores: [Float] = [0.9, 0.8, 0.7]
    let allow = try ClassificationHead(description, allowList: ["dog", "unicorn", "dog"])
    #expect(try allow.labels(scores: scores).map(\.text) == ["dog"])
    let deny = try ClassificationHead(description, maxResults: 1, denyList: ["cat"])
    #expect(try deny.labels(scores: scores).map(\.text) == ["dog"])
    #expect(throws: ModelValidationError.allowAndDenyList) {
      _ = try ClassificationHead(description, allowList: ["cat"], denyList: ["dog"])
    }
    #expect(throws: ModelValidationError.noListedLabelMatches(Self.tensor, list: ["unicorn"])) {
      _ = try ClassificationHead(description, allowList: ["unicorn"])
    }
    #expect(throws: ModelValidationError.listWithoutLabels(Self.tensor)) {
      _ = try ClassificationHead(Self.head(["", ""]), denyList: ["cat"])
    }
  }

  @Test func calibrationIsByLabelNameAndTheLastDuplicateWins() throws {
    let p0 = SigmoidParameters(scale: 1, slope: 2, offset: 0)
    let p1 = SigmoidParameters(scale: 0.8, slope: 1, offset: 0.5)
    let p3 = SigmoidParameters(scale: 0.9, slope: 3, offset: -1, minScore: 0.2)
    let labels = ["x", "dup", "y", "dup"]
    let calibrator = ScoreCalibrator(
      file: ScoreCalibrationFile(sigmoids: [p0, p1, nil, p3]), labels: labels,
      transformation: .identity, defaultScore: 0.05)
    #expect(calibrator.parameters == ["x": p0, "dup": p3])
    let head = try ClassificationHead(Self.head(labels, calibration: calibrator))
    let scores: [Float] = [0.4, 0.6, 0.9, 0.1]
    let labelsOut = try head.labels(scores: scores)
    func expected(_ score: Float, _ p: SigmoidParameters?) -> Float {
      ScoreCalibration.calibrate(score, sigmoid: p, transformation: .identity, defaultScore: 0.05)
    }
    let byIndex = Dictionary(uniqueKeysWithValues: labelsOut.map { ($0.index, $0.confidence) })
    #expect(byIndex[0] == expected(0.4, p0))
    #expect(byIndex[1] == expected(0.6, p3))
    #expect(byIndex[2] == 0.05)  // no parameters for "y": the default score
    #expect(byIndex[3] == 0.05)  // below p3's min_score
    #expect(labelsOut.map(\.confidence) == labelsOut.map(\.confidence).sorted(by: >))
  }

  @Test func activationsForLogitModels() throws {
    let description = Self.head(["a", "b", "c"])
    let softmax = try ClassificationHead(description, activation: .softmax).labels(scores: [
      1, 2, 3,
    ])
    let total = Float(exp(1.0) + exp(2.0) + exp(3.0))
    #expect(softmax.map(\.index) == [2, 1, 0])
    #expect(abs(softmax[0].confidence - Float(exp(3.0)) / total) <= 1e-6)
    let sigmoid = try ClassificationHead(description, threshold: 0.5, activation: .sigmoid)
    #expect(try sigmoid.labels(scores: [0, -3, 2]).map(\.index) == [2, 0])
    #expect(
      try ClassificationHead(description).labels(scores: [4, -1, 2]).map(\.confidence) == [4, 2])
  }

  @Test func dequantizesUInt8AndInt8() throws {
    let u8 = ClassificationHeadDescription(
      tensor: Self.tensor, classCount: 3, elementType: .uint8,
      dequantization: TensorQuantization(scale: 1.0 / 256, zeroPoint: 0), labels: .empty)
    #expect(try ClassificationHead(u8).scores(rawOutput: [0, 128, 255]) == [0, 0.5, 255.0 / 256])
    let i8 = ClassificationHeadDescription(
      tensor: Self.tensor, classCount: 3, elementType: .int8,
      dequantization: TensorQuantization(scale: 1.0 / 256, zeroPoint: -128), labels: .empty)
    let raw: [UInt8] = [Int8(-128), 0, 127].map { UInt8(bitPattern: $0) }
    let head = try ClassificationHead(i8)
    #expect(try head.scores(rawOutput: raw) == [0, 0.5, 255.0 / 256])
    let labels = try head.labels(rawOutput: raw)
    #expect(labels.map(\.index) == [2, 1, 0])
    #expect(labels.allSatisfy { $0.text.isEmpty })
    #expect(
      throws: ModelValidationError.outputSize(Self.tensor, role: "scores", expected: 3, actual: 2)
    ) {
      _ = try head.scores(rawOutput: [1, 2])
    }
    #expect(
      throws: ModelValidationError.outputSize(Self.tensor, role: "scores", expected: 3, actual: 4)
    ) {
      _ = try head.labels(scores: [1, 2, 3, 4])
    }
  }

  @Test func hostileDescriptionsDoNotTrap() throws {
    let huge = ClassificationHeadDescription(
      tensor: Self.tensor, classCount: Int.max, elementType: .float32,
      dequantization: TensorQuantization(scale: 1, zeroPoint: Int.min), labels: .empty)
    #expect(
      throws: ModelValidationError.outputSize(
        Self.tensor, role: "scores", expected: Int.max, actual: 8)
    ) {
      _ = try ClassificationHead(huge).scores(rawOutput: [0, 0, 0, 0, 0, 0, 0, 0])
    }
    #expect(TensorQuantization(scale: 1, zeroPoint: Int.min).dequantize(Int.max) > 0)
    #expect(ImageNormalization(mean: [], std: []).mean(channel: 2) == 0)
    #expect(ImageNormalization(mean: [], std: []).problem != nil)
  }

  @Test func nanScoresAreNeverReturned() throws {
    let head = try ClassificationHead(Self.head(["a", "b", "c"]))
    #expect(try head.labels(scores: [.nan, 0.5, .infinity]).map(\.index) == [2, 1])
  }
}
