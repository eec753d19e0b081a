import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteModel
import Testing

/// Validation of every shared model, and synthetic models breaking several rules at once.
@Suite("Model validation", .enabled(if: SharedData.isAvailable))
struct ModelValidationTests {
  struct ClassifierCase: CustomTestStringConvertible, Sendable {
    var file: String
    var size: Int
    var type: TensorType
    var classes: Int
    var labels: Int
    var threshold: Float?
    var testDescription: String { file }
  }

  static let classifiers: [ClassifierCase] = [
    .init(
      file: "coral_mobilenet_v1_0.25_128_quant.tflite", size: 128, type: .uint8, classes: 1001,
      labels: 1001),
    .init(
      file: "coral_mobilenet_v1_0.5_160_quant.tflite", size: 160, type: .uint8, classes: 1001,
      labels: 1001),
    .init(
      file: "coral_mobilenet_v2_1.0_224_quant.tflite", size: 224, type: .uint8, classes: 1001,
      labels: 1001),
    .init(
      file: "mlkit_bird_classifier.tflite", size: 224, type: .uint8, classes: 965, labels: 965,
      threshold: 0.3),
    .init(
      file: "mlkit_object_labeler.tflite", size: 224, type: .uint8, classes: 631, labels: 631,
      threshold: 0.35),
    .init(
      file: "mobilenet_v1_0.25_224_1_metadata_1.tflite", size: 224, type: .float32, classes: 1001,
      labels: 1001),
    .init(
      file: "mobilenet_v1_0.25_224_quant.tflite", size: 224, type: .uint8, classes: 1001,
      labels: 1001),
    .init(
      file: "mobilenet_v1_0.25_224_quant_without_subgraph_metadata.tflite", size: 224, type: .uint8,
      classes: 1001,
      labels: 0),
    .init(
      file: "tfls_automl_labeler_model_with_metadata.tflite", size: 224, type: .uint8, classes: 5,
      labels: 5),
    .init(
      file: "tfls_mobilenet_v2_1.0_224_quant.tflite", size: 224, type: .uint8, classes: 1001,
      labels: 0),
    .init(
      file: "automl_flowers_mlkit/model.tflite", size: 224, type: .uint8, classes: 5, labels: 0),
  ]

  static let detectors = [
    "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite",
    "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_no_metadata.tflite",
    "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite",
  ]

  /// Raw-output YOLO detectors (no post-processing operator in the graph).
  static let yoloDetectors = ["yolov8n_full_integer_quant.tflite", "yolov8n_integer_quant.tflite"]

  /// Models of other tasks: a segmentation model (an int64 class map) and a face-landmark model.
  static let otherTasks = [
    "coral_deeplabv3_mnv2_pascal_quant.tflite", "mediapipe_face_landmark.tflite",
  ]

  @Test func everySharedModelIsCovered() {
    let covered = Set(Self.classifiers.map { "models/" + $0.file }).union(
      (Self.detectors + Self.yoloDetectors + Self.otherTasks).map { "models/" + $0 }
    ).union(["models/mobilenet_v1_0.25_224_1_default_1.tflite"])
    #expect(Set(SharedData.modelFiles()) == covered)
  }

  @Test(arguments: classifiers)
  func classifierValidates(_ c: ClassifierCase) throws {
    let description = try LocalModel(path: ModelValidationFixtures.model(c.file))
      .classifierDescription()
    #expect(description.input.width == c.size)
    #expect(description.input.height == c.size)
    #expect(description.input.channels == 3)
    #expect(description.input.elementType == c.type)
    #expect(description.heads.count == 1)
    let head = try #require(description.heads.first)
    #expect(head.classCount == c.classes)
    #expect(head.labels.count == c.labels)
    #expect(head.metadataScoreThreshold == c.threshold)
    #expect(head.calibration == nil)
    if c.type == .float32 {
      #expect(
        description.input.packing == .normalizedFloats(ImageNormalization(mean: 127.5, std: 127.5)))
      #expect(description.input.normalizationSource == .metadata)
      #expect(head.dequantization == nil)
    } else {
      #expect(description.input.packing == .rawBytes)
      #expect(head.dequantization?.scale ?? 0 > 0)
    }
    if c.labels == 0 {
      #expect(head.labels.source == .none)
      #expect(description.notes.contains { $0.contains("no labels") })
    }
  }

  @Test func labelNamesAndEnglishDisplayNames() throws {
    let local = try LocalModel(path: ModelValidationFixtures.model("mlkit_object_labeler.tflite"))
    let english = try #require(try local.classifierDescription().heads.first).labels
    #expect(english.source == .metadata(file: "probability-labels.txt"))
    #expect(english.text(at: 221) == "Food")
    #expect(english.name(at: 221).hasPrefix("/"))
    // BEHAVIOR.md D-2: without a locale, the text is the name from the first file.
    let names = try #require(
      try local.classifierDescription(options: ClassifierModelOptions(displayNamesLocale: nil))
        .heads.first
    ).labels
    #expect(names.displayNames == nil)
    #expect(names.text(at: 221) == english.name(at: 221))
    // B.4 (ours): en-US falls back to en.
    let american = try #require(
      try local.classifierDescription(options: ClassifierModelOptions(displayNamesLocale: "en-US"))
        .heads.first
    ).labels
    #expect(american.text(at: 221) == "Food")
    let french = try #require(
      try local.classifierDescription(options: ClassifierModelOptions(displayNamesLocale: "fr"))
        .heads.first
    ).labels
    #expect(french.text(at: 221) == english.name(at: 221))
  }

  @Test func floatModelWithoutMetadataRequiresNormalization() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("mobilenet_v1_0.25_224_1_default_1.tflite"))
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .missingNormalization(let tensor) = error
      else { return false }
      return tensor == TensorReference(role: .input, position: 0, name: "input")
        && error.description.contains("pass `normalization:` in the options")
        && error.description.contains("NormalizationOptions")
    }
    let description = try local.classifierDescription(
      options: ClassifierModelOptions(normalization: ImageNormalization(mean: 127.5, std: 127.5)))
    #expect(description.input.normalizationSource == .options)
    #expect(
      description.input.packing
        == .normalizedFloats(ImageNormalization(mean: [127.5], std: [127.5])))
    #expect(description.heads.first?.labels.isEmpty == true)
    #expect(description.notes.contains { $0.contains("no metadata") })
  }

  @Test func invalidNormalizationOverrideIsReported() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("mobilenet_v1_0.25_224_1_default_1.tflite"))
    #expect {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(
          normalization: ImageNormalization(mean: [0, 0], std: [1, 0])))
    } throws: { error in
      guard case .invalidNormalization(_, _, true, let reason) = error as? ModelValidationError
      else {
        return false
      }
      return reason.contains("1 (all channels) or 3")
    }
  }

  @Test(arguments: detectors)
  func detectorUsedAsClassifierGivesTheG2Message(_ file: String) throws {
    let local = try LocalModel(path: ModelValidationFixtures.model(file))
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .detectionModelAsClassifier(let kind, _) = error
      else { return false }
      return kind.contains("SSD") && error.description.contains("expected 2D or 4D")
        && error.fixHint.contains("use it as the detector") && error.all.count == 1
    }
  }

  @Test(arguments: yoloDetectors)
  func yoloDetectorUsedAsClassifierIsNamed(_ file: String) throws {
    let local = try LocalModel(path: ModelValidationFixtures.model(file))
    #expect {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(normalization: ImageNormalization(mean: 0, std: 255)))
    } throws: { error in
      guard
        case .detectionModelAsClassifier(let kind, let shapes)? =
          (error as? ModelValidationError)?.all.last
      else { return false }
      return kind.contains("YOLO") && shapes == [[1, 84, 8400]]
    }
  }

  @Test func segmentationModelIsNotCalledADetector() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("coral_deeplabv3_mnv2_pascal_quant.tflite"))
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError else { return false }
      let isDetector = error.all.contains {
        if case .detectionModelAsClassifier = $0 { return true } else { return false }
      }
      return !isDetector && error.description.contains("[1, 513, 513]")
    }
  }

  @Test func floatLandmarkModelWithoutMetadataNeedsNormalization() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("mediapipe_face_landmark.tflite"))
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard case .missingNormalization(let tensor)? = (error as? ModelValidationError)?.all.first
      else { return false }
      return tensor.name == "input_1"
    }
  }

  @Test(arguments: detectors)
  func detectorValidates(_ file: String) throws {
    let local = try LocalModel(path: ModelValidationFixtures.model(file))
    let description = try local.detectorDescription()
    #expect(description.input.width == 300 && description.input.height == 300)
    #expect(description.input.elementType == .uint8)
    #expect(description.mapping.isComplete)
    #expect(description.mapping.location == 0 && description.mapping.category == 1)
    #expect(description.mapping.score == 2 && description.mapping.count == 3)
    #expect(description.boxEncoding == .tensorFlowSSD)
    #expect(description.classCount == 90)
    #expect(description.maxDetections == 10)
    #expect(description.metadataScoreThreshold == nil)
    if file.contains("no_metadata") {
      #expect(description.mapping.method == .postProcessOperator)
      #expect(description.labels.isEmpty)
      #expect(description.notes.contains { $0.contains("no tensor metadata") })
      let labels = try ModelValidationFixtures.labels("coco_labelmap.txt")
      let labelled = try local.detectorDescription(options: DetectorModelOptions(labels: labels))
      #expect(labelled.labels.text(at: 16) == "cat")
      #expect(labelled.labels.source == .options)
    } else {
      #expect(description.mapping.method == .metadataNames)
      #expect(description.labels.count == 90)
      #expect(description.labels.text(at: 16) == "cat")
      #expect(description.labels.text(at: 11) == "???")
    }
    if file.contains("score_calibration") {
      let calibration = try #require(description.calibration)
      #expect(calibration.transformation == .inverseLogistic)
      #expect(
        calibration.parameters["cat"]
          == SigmoidParameters(scale: 1, slope: 1, offset: 0, minScore: -99))
    } else {
      #expect(description.calibration == nil)
    }
  }

  @Test func classifierUsedAsDetectorSaysSo() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("mobilenet_v1_0.25_224_quant.tflite"))
    #expect {
      _ = try local.detectorDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .detectorOutputCount(1, [[1, 1001]]) = error
      else { return false }
      return error.fixHint.contains("image classifier")
    }
  }

  @Test func detectorLabelsMustCoverEveryClass() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model(
        "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_no_metadata.tflite"))
    #expect {
      _ = try local.detectorDescription(
        options: DetectorModelOptions(labels: ["person", "bicycle"]))
    } throws: { error in
      guard case .labelCount(_, 90, 2, "options") = error as? ModelValidationError else {
        return false
      }
      return true
    }
  }

  @Test func labelOverrideMustMatchTheClassCount() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("mobilenet_v1_0.25_224_quant.tflite"))
    let background = ["background"] + (0..<1001).map { "class \($0)" }
    #expect {
      _ = try local.classifierDescription(options: ClassifierModelOptions(labels: background))
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .labelCount(let tensor, 1001, 1002, "options") = error
      else { return false }
      // G.7: the off-by-one gets a specific hint.
      return tensor.position == 0 && tensor.metadataName == "probability"
        && error.fixHint.contains("one extra line")
    }
  }

  @Test func listsAreResolvedAtCreation() throws {
    let local = try LocalModel(path: ModelValidationFixtures.model("mlkit_bird_classifier.tflite"))
    #expect(throws: ModelValidationError.allowAndDenyList) {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(allowList: ["a"], denyList: ["b"]))
    }
    #expect {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(allowList: ["Unicorn", "Dragon"]))
    } throws: { error in
      guard case .noListedLabelMatches(_, ["Unicorn", "Dragon"]) = error as? ModelValidationError
      else {
        return false
      }
      return true
    }
    // A display name or a label name both match; unknown entries are ignored.
    _ = try local.classifierDescription(
      options: ClassifierModelOptions(allowList: ["Unicorn", "Lonchura oryzivora (Java Sparrow)"]))
    _ = try local.classifierDescription(
      options: ClassifierModelOptions(allowList: ["Lonchura oryzivora"]))
    let unlabelled = try LocalModel(
      path: ModelValidationFixtures.model("tfls_mobilenet_v2_1.0_224_quant.tflite"))
    #expect {
      _ = try unlabelled.classifierDescription(options: ClassifierModelOptions(denyList: ["cat"]))
    } throws: { error in
      guard case .listWithoutLabels(let tensor) = error as? ModelValidationError else {
        return false
      }
      return tensor.name == "output"
    }
  }

  // MARK: Synthetic models

  /// A model with the given input and output tensors and optional metadata; no operators.
  static func syntheticModel(
    input: SyntheticModel.Node, output: SyntheticModel.Node, metadata: [UInt8]? = nil
  ) throws -> LocalModel {
    var buffers: [SyntheticModel.Node] = [.table([:])]
    var extra: [Int: SyntheticModel.Node] = [:]
    if let metadata {
      buffers.append(.table([0: .bytes(metadata)]))
      extra[6] = .vector([.table([0: .string("TFLITE_METADATA"), 1: .uint32(1)])])
    }
    let node = SyntheticModel.model(
      opcodes: [], tensors: [input, output], inputs: [0], outputs: [1], operators: [],
      buffers: buffers, extra: extra)
    return try LocalModel(bytes: SyntheticModel.bytes(node))
  }

  static func quantization(scale: Float, zeroPoint: Int64) -> [Int: SyntheticModel.Node] {
    [4: .table([2: .floats([scale]), 3: .int64s([zeroPoint])])]
  }

  @Test func everyBrokenRuleIsReportedInA5Order() throws {
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor("pixels", shape: [2, 224, 224, 1], type: 0),
      output: SyntheticModel.tensor("logits", shape: [1, 10], type: 2))
    #expect {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(allowList: ["a"], denyList: ["b"]))
    } throws: { error in
      guard let error = error as? ModelValidationError, case .several = error else { return false }
      let input = TensorReference(role: .input, position: 0, name: "pixels")
      let output = TensorReference(role: .output, position: 0, name: "logits")
      let expected: [ModelValidationError] = [
        .inputBatch(input, batch: 2), .inputChannels(input, channels: 1),
        .missingNormalization(input),
        .outputType(output, .int32), .allowAndDenyList,
      ]
      return error.all == expected && error.description.contains("breaks 5 rules")
        && error.description.contains("5. ")
    }
  }

  @Test func metadataRulesNameTheField() throws {
    // Input metadata: GRAYSCALE color space and a normalization with 3 means but 2 stds.
    let normalization: SyntheticModel.Node = .table([
      0: .uint8(1), 1: .table([0: .floats([1, 2, 3]), 1: .floats([1, 2])]),
    ])
    let imageContent: SyntheticModel.Node = .table([0: .uint8(2), 1: .table([0: .int8(2)])])
    let metadata = SyntheticModel.metadata([
      3: .vector([
        .table([
          2: .vector([.table([0: .string("image"), 3: imageContent, 4: .vector([normalization])])]),
          3: .vector([.table([0: .string("probability")])]),
        ])
      ])
    ])
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor(
        "in", shape: [1, 8, 8, 3], type: 3, extra: Self.quantization(scale: 1, zeroPoint: 0)),
      output: SyntheticModel.tensor(
        "out", shape: [1, 1, 1, 4], type: 3, extra: Self.quantization(scale: 0.5, zeroPoint: 0)),
      metadata: metadata)
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError else { return false }
      let all = error.all
      guard all.count == 2, case .inputColorSpace(let tensor, .grayscale) = all[0],
        case .invalidNormalization(_, let n, false, _) = all[1]
      else { return false }
      return tensor.metadataName == "image" && n.mean == [1, 2, 3]
        && all[0].field == "ImageProperties.color_space"
        && all[1].field.contains("NormalizationOptions")
    }
    // The options override the broken metadata normalization (not the color space).
    #expect {
      _ = try local.classifierDescription(
        options: ClassifierModelOptions(normalization: ImageNormalization(mean: 0, std: 1)))
    } throws: { error in
      guard let error = error as? ModelValidationError, case .inputColorSpace = error else {
        return false
      }
      return true
    }
  }

  @Test func int8InputsAndOutputsAreAccepted() throws {
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor(
        "in", shape: [1, 8, 8, 3], type: 9, extra: Self.quantization(scale: 1.0 / 128, zeroPoint: 0)
      ),
      output: SyntheticModel.tensor(
        "out", shape: [1, 4], type: 9, extra: Self.quantization(scale: 1.0 / 256, zeroPoint: -128)))
    let description = try local.classifierDescription()
    #expect(description.input.elementType == .int8)
    #expect(description.input.packing == .shiftedBytes)
    let head = try #require(description.heads.first)
    #expect(head.elementType == .int8)
    #expect(head.dequantization == TensorQuantization(scale: 1.0 / 256, zeroPoint: -128))
    // A normalization the quantization undoes stays p - 128; another one quantizes.
    let undone = try local.classifierDescription(
      options: ClassifierModelOptions(normalization: ImageNormalization(mean: 127.5, std: 127.5)))
    #expect(undone.input.packing == .shiftedBytes)
    let unit = ImageNormalization(mean: 0, std: 255)
    let scaled = try local.classifierDescription(
      options: ClassifierModelOptions(normalization: unit))
    #expect(
      scaled.input.packing
        == .quantized(unit, TensorQuantization(scale: 1.0 / 128, zeroPoint: 0)))
  }

  @Test func int8InputWithoutQuantizationIsRejected() throws {
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor("in", shape: [1, 8, 8, 3], type: 9),
      output: SyntheticModel.tensor("out", shape: [1, 4], type: 0))
    #expect(
      throws: ModelValidationError.missingInputQuantization(
        TensorReference(role: .input, position: 0, name: "in"))
    ) {
      _ = try local.classifierDescription()
    }
  }

  @Test func badOutputShapesAndMixedQuantization() throws {
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor(
        "in", shape: [1, 8, 8, 3], type: 3, extra: Self.quantization(scale: 1, zeroPoint: 0)),
      output: SyntheticModel.tensor("out", shape: [1, 2, 1, 4], type: 0))
    #expect(
      throws: ModelValidationError.outputShape(
        TensorReference(role: .output, position: 0, name: "out"), shape: [1, 2, 1, 4])
    ) {
      _ = try local.classifierDescription()
    }
    // The interpreter's shapes can stand in for shapes the file leaves out.
    let description = try local.classifierDescription(outputShapes: [[1, 1, 1, 4]])
    #expect(description.heads.first?.classCount == 4)
  }

  @Test func yoloStyleOutputIsRecognizedAsADetector() throws {
    let local = try Self.syntheticModel(
      input: SyntheticModel.tensor(
        "in", shape: [1, 8, 8, 3], type: 3, extra: Self.quantization(scale: 1, zeroPoint: 0)),
      output: SyntheticModel.tensor("out", shape: [1, 85, 2100], type: 0))
    #expect {
      _ = try local.classifierDescription()
    } throws: { error in
      guard
        case .detectionModelAsClassifier(let kind, [[1, 85, 2100]]) = error as? ModelValidationError
      else {
        return false
      }
      return kind.contains("YOLO")
    }
  }

  @Test func detectorShapesAreCheckedWhenKnown() throws {
    let local = try LocalModel(
      path: ModelValidationFixtures.model("coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"))
    #expect {
      _ = try local.detectorDescription(outputShapes: [[1, 10, 4], [1, 10], [2, 10], [1, 1]])
    } throws: { error in
      guard let error = error as? ModelValidationError, error.all.count == 2,
        case .detectorOutputShape(let scores, "score", [2, 10], "[1, N]") = error.all[0],
        case .detectorOutputShape(let count, "number of detections", [1, 1], "[1]") = error.all[1]
      else { return false }
      return scores.position == 2 && scores.metadataName == "scores" && count.position == 3
    }
  }

  /// A 4-output detector with metadata names in `order` and a location BoundingBoxProperties.
  static func syntheticDetector(
    order: [String], box: SyntheticModel.Node, metadataNames: [String]? = nil
  ) throws -> LocalModel {
    let shapes: [String: [Int32]] = [
      "location": [1, 2, 4], "category": [1, 2], "score": [1, 2], "number of detections": [1],
    ]
    let tensors: [SyntheticModel.Node] =
      [
        SyntheticModel.tensor(
          "image", shape: [1, 8, 8, 3], type: 3, extra: Self.quantization(scale: 1, zeroPoint: 0))
      ] + order.map { SyntheticModel.tensor($0, shape: shapes[$0] ?? [1], type: 0) }
    let outputs: [SyntheticModel.Node] = order.indices.map { position in
      let name = metadataNames?[position] ?? order[position]
      return order[position] == "location"
        ? .table([0: .string(name), 3: .table([0: .uint8(3), 1: box])])
        : .table([0: .string(name)])
    }
    let metadata = SyntheticModel.metadata([
      3: .vector([.table([2: .vector([.table([0: .string("image")])]), 3: .vector(outputs)])])
    ])
    let node = SyntheticModel.model(
      opcodes: [], tensors: tensors, inputs: [0], outputs: [1, 2, 3, 4], operators: [],
      buffers: [.table([:]), .table([0: .bytes(metadata)])],
      extra: [6: .vector([.table([0: .string("TFLITE_METADATA"), 1: .uint32(1)])])])
    return try LocalModel(bytes: SyntheticModel.bytes(node))
  }

  @Test func detectorOutputsAreMappedByMetadataName() throws {
    // TF2 exports order their outputs differently (G.4): the names decide, not the positions.
    let box: SyntheticModel.Node = .table([0: .uint32s([1, 0, 3, 2]), 1: .int8(1), 2: .int8(1)])
    let local = try Self.syntheticDetector(
      order: ["score", "location", "number of detections", "category"], box: box)
    let description = try local.detectorDescription()
    #expect(
      description.mapping
        == DetectionOutputMapping(
          location: 1, category: 3, score: 0, count: 2, method: .metadataNames))
    #expect(
      description.boxEncoding
        == BoxEncoding(type: .boundaries, index: [1, 0, 3, 2], coordinateType: .pixel))
    #expect(description.classCount == nil && description.labels.isEmpty)
    // The head reads the outputs in that order; pixel boxes are divided by the 8×8 input.
    let head = try DetectionHead(description)
    let detections = try head.detections(outputs: [
      [0.9, 0.2], [0, 2, 4, 6, 1, 1, 2, 2], [1], [3, 1],
    ])
    #expect(detections.count == 1)
    #expect(detections.first?.classIndex == 3)
    #expect(detections.first?.box == NormalizedBox(ymin: 0, xmin: 0.25, ymax: 0.5, xmax: 0.75))
  }

  @Test func unknownBoxTypeIsReported() throws {
    let box: SyntheticModel.Node = .table([1: .int8(0)])
    let local = try Self.syntheticDetector(
      order: ["location", "category", "score", "number of detections"], box: box)
    #expect {
      _ = try local.detectorDescription()
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .boundingBoxProperties(let tensor, let reason) = error
      else { return false }
      return tensor.metadataName == "location" && reason.contains("UNKNOWN")
        && error.fixHint.contains("BOUNDARIES")
    }
  }

  @Test func unnamedDetectorOutputsAreMappedByShapeThenValues() throws {
    let box: SyntheticModel.Node = .table([0: .uint32s([1, 0, 3, 2]), 1: .int8(1)])
    let local = try Self.syntheticDetector(
      order: ["score", "location", "number of detections", "category"], box: box,
      metadataNames: ["out0", "out1", "out2", "out3"])
    let description = try local.detectorDescription()
    #expect(
      description.mapping
        == DetectionOutputMapping(
          location: 1, category: nil, score: nil, count: 2, method: .shapesAndValues))
    #expect(description.notes.contains { $0.contains("shapesAndValues") })
    let detections = try DetectionHead(description).detections(
      outputs: [[0.9, 0.2], [0, 0.25, 0.5, 0.75, 0, 0, 1, 1], [2], [3, 1]])
    #expect(detections.map(\.classIndex) == [3, 1])
    #expect(detections.map(\.score) == [0.9, 0.2])
  }
}
