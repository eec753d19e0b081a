import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The detection head on LiteRT's COCO SSD outputs, and hand-made cases for C.2.
@Suite("DetectionHead")
struct DetectionHeadTests {
  static let coco = "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29"

  static func outputs(model: String, image: String) throws -> [[Float]] {
    try (0..<4).map { index in
      try ModelValidationFixtures.require(
        ModelValidationFixtures.npy("reference/\(model)/\(image).out\(index).npy").floats)
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func detectionsMatchTheReference() throws {
    let description = try LocalModel(path: ModelValidationFixtures.model(Self.coco + ".tflite"))
      .detectorDescription()
    let head = try DetectionHead(description)
    #expect(head.threshold == -Float.greatestFiniteMagnitude)
    let images = ModelValidationFixtures.referenceImages(model: Self.coco)
    #expect(images.count == 4)
    for image in images {
      let detections = try head.detections(outputs: Self.outputs(model: Self.coco, image: image))
      let reference = try ModelValidationFixtures.detections(model: Self.coco, image: image)
      try #require(detections.count == reference.count, "\(image)")
      for (ours, theirs) in zip(detections, reference) {
        #expect(ours.classIndex == theirs.classIndex, "\(image)")
        #expect(ours.label == theirs.label, "\(image)")
        #expect(abs(ours.score - theirs.score) <= 1e-6, "\(image)")
        let box = [ours.box.ymin, ours.box.xmin, ours.box.ymax, ours.box.xmax]
        for (a, b) in zip(box, theirs.box) { #expect(abs(a - b) <= 1e-6, "\(image)") }
      }
    }
    // The same outputs with a threshold, and a cap.
    let outputs = try Self.outputs(model: Self.coco, image: "cats_and_dogs")
    let strict = try DetectionHead(description, threshold: 0.5, maxResults: 2)
    let kept = try strict.detections(outputs: outputs)
    #expect(kept.map(\.label) == ["cat", "cat"])
    #expect(kept.map(\.row) == [0, 1])
    let cats = try DetectionHead(description, threshold: 0.3, allowList: ["dog"]).detections(
      outputs: outputs)
    #expect(cats.map(\.classIndex) == [17, 17, 17])
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func calibratedScoresFollowTheDummyCalibration() throws {
    let model = Self.coco + "_score_calibration"
    let description = try LocalModel(path: ModelValidationFixtures.model(model + ".tflite"))
      .detectorDescription()
    let calibration = try #require(description.calibration)
    let head = try DetectionHead(description)
    for image in ModelValidationFixtures.referenceImages(model: model) {
      let outputs = try Self.outputs(model: model, image: image)
      let reference = try ModelValidationFixtures.detections(model: model, image: image)
      let detections = try head.detections(outputs: outputs)
      #expect(detections.count == reference.count)
      for (ours, theirs) in zip(detections, reference) {
        // sigmoid(logit(x)) with scale 1, slope 1, offset 0 gives x back.
        let expected = calibration.calibrate(theirs.score, label: theirs.label ?? "")
        #expect(ours.score == expected)
        #expect(abs(ours.score - theirs.score) <= 1e-5)
      }
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func readsDetectionsFromTheInterpreter() throws {
    let local = try LocalModel(path: ModelValidationFixtures.model(Self.coco + ".tflite"))
    let interpreter = try ModelInterpreter(model: local.model)
    let shapes = try (0..<interpreter.outputCount).map { try interpreter.output(at: $0).shape }
    let description = try local.detectorDescription(outputShapes: shapes)
    #expect(shapes == [[1, 10, 4], [1, 10], [1, 10], [1]])
    try interpreter.setInput(
      at: 0, bytes: ModelValidationFixtures.npy("reference/\(Self.coco)/pets.input.npy").data)
    try interpreter.invoke()
    let detections = try DetectionHead(description, threshold: 0.5).detections(from: interpreter)
    let reference = try ModelValidationFixtures.detections(model: Self.coco, image: "pets").filter {
      $0.score > 0.5
    }
    #expect(Set(detections.map(\.label)) == Set(reference.compactMap(\.label)))
    #expect(detections.count == reference.count)
  }

  // MARK: Hand-made cases

  static let input = ImageInputDescription(
    tensor: TensorReference(role: .input, position: 0, name: "image"), width: 100, height: 80,
    elementType: .uint8, normalization: nil, normalizationSource: nil,
    quantization: TensorQuantization(scale: 1, zeroPoint: 0))
  static let outputs = ["boxes", "classes", "scores", "count"].enumerated().map {
    TensorReference(role: .output, position: $0.offset, name: $0.element)
  }

  static func description(
    mapping: DetectionOutputMapping = DetectionOutputMapping(
      location: 0, category: 1, score: 2, count: 3, method: .metadataNames),
    labels: [String] = ["zero", "one", "two"], calibration: ScoreCalibrator? = nil,
    threshold: Float? = nil, encoding: BoxEncoding = .tensorFlowSSD
  ) -> DetectorModelDescription {
    DetectorModelDescription(
      input: input, outputs: outputs, mapping: mapping, boxEncoding: encoding,
      labels: LabelMap(names: labels, source: .options), metadataScoreThreshold: threshold,
      calibration: calibration, classCount: 3)
  }

  /// Three rows: class 1 at 0.5, class 2 at 0.4, class 0 at 0.5.
  static let rows: [[Float]] = [
    [0.1, 0.2, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0, 0, 1, 1], [1, 2, 0], [0.5, 0.4, 0.5], [3],
  ]

  @Test func thresholdIsStrict() throws {
    #expect(
      try DetectionHead(Self.description(), threshold: 0.5).detections(outputs: Self.rows).isEmpty)
    let kept = try DetectionHead(Self.description(), threshold: 0.4).detections(outputs: Self.rows)
    #expect(kept.map(\.row) == [0, 2])
    #expect(kept.map(\.label) == ["one", "zero"])
    #expect(kept[0].box == NormalizedBox(ymin: 0.1, xmin: 0.2, ymax: 0.3, xmax: 0.4))
    // The metadata threshold applies when none is given.
    #expect(
      try DetectionHead(Self.description(threshold: 0.45)).detections(outputs: Self.rows).map(\.row)
        == [0, 2])
    #expect(
      try DetectionHead(Self.description(), maxResults: 1).detections(outputs: Self.rows).map(\.row)
        == [0])
    #expect(throws: ModelValidationError.invalidMaxResults(-1)) {
      _ = try DetectionHead(Self.description(), maxResults: -1)
    }
  }

  @Test func classIndexIsTruncatedAndBoundsCheckedBeforeCalibration() throws {
    var outputs = Self.rows
    outputs[1] = [1.7, 2, 0]
    #expect(
      try DetectionHead(Self.description()).detections(outputs: outputs).map(\.classIndex) == [
        1, 2, 0,
      ])
    // Class 3 is beyond the 3 labels: an error even though the row's score fails the threshold,
    // and before the calibration (which would have looked the label up) runs.
    outputs[1] = [1, 3, 0]
    let calibration = ScoreCalibrator(transformation: .identity, defaultScore: 0, parameters: [:])
    let head = try DetectionHead(Self.description(calibration: calibration), threshold: 0.45)
    #expect(throws: ModelValidationError.classIndexOutOfRange(row: 1, classValue: 3, labelCount: 3))
    {
      _ = try head.detections(outputs: outputs)
    }
    outputs[1] = [-1, 0, 0]
    #expect(
      throws: ModelValidationError.classIndexOutOfRange(row: 0, classValue: -1, labelCount: 3)
    ) {
      _ = try head.detections(outputs: outputs)
    }
    outputs[1] = [.nan, 0, 0]
    #expect(throws: ModelValidationError.self) { _ = try head.detections(outputs: outputs) }
  }

  @Test func calibrationAndListsUseLabelNames() throws {
    let parameters = ["two": SigmoidParameters(scale: 1, slope: 10, offset: 0)]
    let calibration = ScoreCalibrator(
      transformation: .identity, defaultScore: 0.01, parameters: parameters)
    let head = try DetectionHead(Self.description(calibration: calibration), threshold: 0.2)
    let kept = try head.detections(outputs: Self.rows)
    #expect(kept.map(\.label) == ["two"])
    #expect(
      kept.first?.score
        == ScoreCalibration.calibrate(
          0.4, sigmoid: parameters["two"], transformation: .identity, defaultScore: 0.01))
    let denied = try DetectionHead(Self.description(), denyList: ["one"]).detections(
      outputs: Self.rows)
    #expect(denied.map(\.label) == ["two", "zero"])
    #expect(throws: ModelValidationError.noListedLabelMatches(Self.outputs[1], list: ["three"])) {
      _ = try DetectionHead(Self.description(), allowList: ["three"])
    }
  }

  @Test func scrambledOutputsAreMappedBySizeAndValue() throws {
    let runtime = DetectionOutputMapping(
      location: nil, category: nil, score: nil, count: nil, method: .runtime)
    let head = try DetectionHead(Self.description(mapping: runtime))
    let expected = try DetectionHead(Self.description()).detections(outputs: Self.rows)
    // TF2-style order: scores, boxes, count, classes.
    let tf2 = [Self.rows[2], Self.rows[0], Self.rows[3], Self.rows[1]]
    #expect(try head.detections(outputs: tf2) == expected)
    let reversed = Array(Self.rows.reversed())
    #expect(try head.detections(outputs: reversed) == expected)
    let shapes = DetectionOutputMapping(
      location: 1, category: nil, score: nil, count: 2, method: .shapesAndValues)
    #expect(
      try DetectionHead(Self.description(mapping: shapes)).detections(outputs: tf2) == expected)
    // A hand-made mapping outside the four outputs is an error, not a trap.
    let wrong = DetectionOutputMapping(
      location: 7, category: 1, score: 2, count: 3, method: .metadataNames)
    #expect(throws: ModelValidationError.self) {
      _ = try DetectionHead(Self.description(mapping: wrong)).detections(outputs: Self.rows)
    }
    // Two single-value outputs cannot be told apart.
    #expect(throws: ModelValidationError.self) {
      _ = try head.detections(outputs: [[1], [0.5], [0.1, 0.2, 0.3, 0.4], [1]])
    }
  }

  @Test func countBeyondTheRowsIsAnError() throws {
    var outputs = Self.rows
    outputs[3] = [4]
    #expect(
      throws: ModelValidationError.outputSize(
        Self.outputs[3], role: "number of detections", expected: 3, actual: 4)
    ) {
      _ = try DetectionHead(Self.description()).detections(outputs: outputs)
    }
    outputs[3] = [2.9]
    #expect(try DetectionHead(Self.description()).detections(outputs: outputs).count == 2)
  }

  @Test func boxEncodings() {
    let center = BoxEncoding(type: .center, index: [0, 1, 2, 3], coordinateType: .pixel)
    #expect(
      center.box(50, 40, 20, 10, inputWidth: 100, inputHeight: 80)
        == NormalizedBox(ymin: 0.4375, xmin: 0.4, ymax: 0.5625, xmax: 0.6))
    let upperLeft = BoxEncoding(type: .upperLeft, index: [0, 1, 2, 3], coordinateType: .ratio)
    #expect(
      upperLeft.box(0.25, 0.5, 0.25, 0.25, inputWidth: 1, inputHeight: 1)
        == NormalizedBox(ymin: 0.5, xmin: 0.25, ymax: 0.75, xmax: 0.5))
    #expect(
      BoxEncoding.tensorFlowSSD.box(0.1, 0.2, 0.3, 0.4, inputWidth: 1, inputHeight: 1)
        == NormalizedBox(ymin: 0.1, xmin: 0.2, ymax: 0.3, xmax: 0.4))
    #expect(
      BoxEncoding(type: .boundaries, index: [0, 0, 1, 2], coordinateType: .ratio).problem != nil)
    #expect(
      BoxEncoding(type: .unknown, index: [0, 1, 2, 3], coordinateType: .ratio).problem != nil)
  }

  @Test func denormalizationTruncatesOriginsAndRoundsSizes() {
    let box = NormalizedBox(ymin: 0.1, xmin: 0.2999, ymax: 0.9, xmax: 0.8)
    #expect(
      box.rect(imageWidth: 100, imageHeight: 80, clamped: false)
        == ImageRect(x: 29, y: 8, width: 50, height: 64))
    // Negative origins truncate toward zero; clamping intersects with the image.
    let outside = NormalizedBox(ymin: -0.017, xmin: -0.017, ymax: 1.2, xmax: 0.5)
    #expect(
      outside.rect(imageWidth: 100, imageHeight: 100, clamped: false)
        == ImageRect(x: -1, y: -1, width: 52, height: 122))
    #expect(
      outside.rect(imageWidth: 100, imageHeight: 100)
        == ImageRect(x: 0, y: 0, width: 51, height: 100))
    let hostile = NormalizedBox(ymin: .nan, xmin: -.infinity, ymax: .infinity, xmax: 1e30)
    let rect = hostile.rect(imageWidth: 640, imageHeight: 480)
    #expect(rect.x >= 0 && rect.x + rect.width <= 640 && rect.y >= 0 && rect.y + rect.height <= 480)
  }
}
