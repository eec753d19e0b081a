import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteModel
import Testing

/// ``YOLOHead`` on hand-made outputs (BEHAVIOR.md C.6): best class, strict threshold, per-class
/// and class-agnostic suppression, ties, lists, layouts, box units; and the validation of
/// YOLO-shaped models.
@Suite("YOLOHead")
struct YOLOHeadTests {
  /// One candidate: box `cx, cy, w, h` (normalized), objectness (v5 only), class scores.
  struct Row {
    var box: [Float]
    var objectness: Float = 1
    var scores: [Float]
  }

  static let labels = ["a", "b", "c"]

  /// A description of an input `100 × 50` model with `rows.count` candidates of 3 classes.
  static func description(_ layout: YOLOOutputLayout, boxes: Int, classes: Int = 3)
    -> DetectorModelDescription
  {
    let output = TensorReference(role: .output, position: 0, name: "output")
    let input = ImageInputDescription(
      tensor: TensorReference(role: .input, position: 0, name: "images"), width: 100, height: 50,
      elementType: .float32, normalization: ImageNormalization(mean: 0, std: 255),
      normalizationSource: .yoloConvention, quantization: nil)
    return DetectorModelDescription(
      input: input, outputs: [output],
      mapping: DetectionOutputMapping(
        location: nil, category: nil, score: nil, count: nil, method: .runtime),
      labels: LabelMap(names: Array(labels.prefix(classes)), source: .options),
      classCount: classes, maxDetections: boxes,
      yolo: YOLOOutputDescription(
        tensor: output, layout: layout, boxCount: boxes, classCount: classes,
        elementType: .float32, dequantization: nil),
      fit: .letterbox(border: 114))
  }

  /// The flat output of `rows` in `layout` (boxes scaled by `scale`).
  static func values(_ rows: [Row], _ layout: YOLOOutputLayout, scale: (Float, Float) = (1, 1))
    -> [Float]
  {
    let full = rows.map { row -> [Float] in
      let box = [
        row.box[0] * scale.0, row.box[1] * scale.1, row.box[2] * scale.0, row.box[3] * scale.1,
      ]
      return box + (layout == .v5 ? [row.objectness] : []) + row.scores
    }
    guard layout == .v8 else { return full.flatMap { $0 } }
    return (0..<full[0].count).flatMap { value in full.map { $0[value] } }
  }

  static func detections(
    _ rows: [Row], layout: YOLOOutputLayout = .v8, options: DetectorModelOptions = .init(),
    scale: (Float, Float) = (1, 1), threshold: Float? = nil
  ) throws -> [Detection] {
    let head = try YOLOHead(
      description(layout, boxes: rows.count, classes: rows[0].scores.count), options: options,
      threshold: threshold)
    return try head.detections(output: values(rows, layout, scale: scale))
  }

  /// b0 and b1 overlap (class a), b2 sits on b0 (class b), b3 scores exactly the threshold,
  /// b4 ties b2's score elsewhere (class c).
  static let scene = [
    Row(box: [0.5, 0.5, 0.2, 0.2], scores: [0.9, 0.1, 0]),
    Row(box: [0.51, 0.5, 0.2, 0.2], scores: [0.8, 0, 0]),
    Row(box: [0.5, 0.5, 0.2, 0.2], scores: [0.1, 0.85, 0]),
    Row(box: [0.1, 0.1, 0.1, 0.1], scores: [0.25, 0, 0]),
    Row(box: [0.9, 0.8, 0.1, 0.2], scores: [0, 0, 0.85]),
  ]

  @Test func perClassSuppressionKeepsOtherClasses() throws {
    let kept = try Self.detections(Self.scene)
    #expect(kept.map(\.row) == [0, 2, 4])
    #expect(kept.map(\.classIndex) == [0, 1, 2])
    #expect(kept.map(\.label) == ["a", "b", "c"])
    #expect(kept.map(\.score) == [0.9, 0.85, 0.85])
    let box = kept[0].box
    #expect(abs(box.xmin - 0.4) < 1e-6 && abs(box.xmax - 0.6) < 1e-6)
    #expect(abs(box.ymin - 0.4) < 1e-6 && abs(box.ymax - 0.6) < 1e-6)
    let last = kept[2].box
    #expect(abs(last.ymin - 0.7) < 1e-6 && abs(last.xmax - 0.95) < 1e-6)
  }

  @Test func suppressionSettings() throws {
    var options = DetectorModelOptions()
    options.classAgnosticNMS = true
    #expect(try Self.detections(Self.scene, options: options).map(\.row) == [0, 4])
    options = DetectorModelOptions(nmsIoUThreshold: 1)
    #expect(try Self.detections(Self.scene, options: options).map(\.row) == [0, 2, 4, 1])
    options = DetectorModelOptions(maxCandidates: 2)
    #expect(try Self.detections(Self.scene, options: options).map(\.row) == [0, 2])
    #expect(try Self.detections(Self.scene, threshold: 0.2).map(\.row) == [0, 2, 4, 3])
    #expect(try Self.detections(Self.scene, threshold: 0.85).map(\.row) == [0])
  }

  @Test func allowAndDenyListsFilterTheBestClass() throws {
    var options = DetectorModelOptions(allowList: ["b"])
    #expect(try Self.detections(Self.scene, options: options).map(\.row) == [2])
    options = DetectorModelOptions(denyList: ["a"])
    #expect(try Self.detections(Self.scene, options: options).map(\.row) == [2, 4])
    options = DetectorModelOptions(allowList: ["zebra"])
    #expect(throws: ModelValidationError.self) { try Self.detections(Self.scene, options: options) }
  }

  @Test func boxesFirstLayoutsReadTheSameCandidates() throws {
    let v8 = try Self.detections(Self.scene)
    #expect(try Self.detections(Self.scene, layout: .v8Transposed) == v8)
    // Objectness 1 makes v5 scores the class scores.
    #expect(try Self.detections(Self.scene, layout: .v5) == v8)
  }

  @Test func v5MultipliesObjectnessAndRequiresIt() throws {
    let rows = [
      Row(box: [0.2, 0.2, 0.1, 0.1], objectness: 0.9, scores: [0.5, 0.9]),  // 0.81, class 1
      Row(box: [0.5, 0.5, 0.1, 0.1], objectness: 0.2, scores: [1, 0]),  // objectness too low
      Row(box: [0.8, 0.8, 0.1, 0.1], objectness: 0.3, scores: [0.9, 0.5]),  // 0.27, class 0
      Row(box: [0.5, 0.2, 0.1, 0.1], objectness: 1, scores: [0.2, 0.1]),  // 0.2: below
    ]
    let kept = try Self.detections(rows, layout: .v5)
    #expect(kept.map(\.row) == [0, 2])
    #expect(kept.map(\.classIndex) == [1, 0])
    #expect(abs(kept[0].score - 0.81) < 1e-6 && abs(kept[1].score - 0.27) < 1e-6)
  }

  @Test func boxUnits() throws {
    let normalized = try Self.detections(Self.scene)
    let inPixels = try Self.detections(Self.scene, scale: (100, 50))
    #expect(inPixels.map(\.row) == normalized.map(\.row))
    for (a, b) in zip(inPixels, normalized) {
      #expect(abs(a.box.xmin - b.box.xmin) < 1e-5 && abs(a.box.ymax - b.box.ymax) < 1e-5)
    }
    var options = DetectorModelOptions()
    options.yoloBoxCoordinates = .normalized
    let misread = try Self.detections(Self.scene, options: options, scale: (100, 50))
    #expect(abs(misread[0].box.xmax - 60) < 1e-3)
    options.yoloBoxCoordinates = .pixels
    let tiny = try Self.detections(Self.scene, options: options)
    #expect(abs(tiny[0].box.xmax - 0.006) < 1e-6)
  }

  @Test func nonFiniteValuesNeverWin() throws {
    var rows = Self.scene
    rows[0].scores = [.nan, .nan, .nan]
    rows[1].box = [.nan, .infinity, 0.2, 0.2]
    let kept = try Self.detections(rows)
    #expect(!kept.map(\.row).contains(0))
    #expect(kept.allSatisfy { $0.score.isFinite })
  }

  @Test func wrongSizesAndOptionsAreTypedErrors() throws {
    let head = try YOLOHead(Self.description(.v8, boxes: 5))
    #expect(
      throws: ModelValidationError.outputSize(
        head.output.tensor, role: "yolo", expected: 35, actual: 34)
    ) {
      try head.detections(output: [Float](repeating: 0, count: 34))
    }
    #expect(throws: ModelValidationError.invalidIoUThreshold(1.5)) {
      try YOLOHead(
        Self.description(.v8, boxes: 5), options: DetectorModelOptions(nmsIoUThreshold: 1.5))
    }
    #expect(throws: ModelValidationError.invalidMaxResults(0)) {
      try YOLOHead(Self.description(.v8, boxes: 5), options: DetectorModelOptions(maxCandidates: 0))
    }
  }

  // MARK: Validation of YOLO-shaped models

  /// A float model whose only operator reshapes its `[1, 8, 8, 3]` input to `shape`.
  static func reshapeModel(_ shape: [Int]) throws -> ModelFile {
    try ModelFile(
      bytes: SingleOpModel.build(
        builtin: 22,
        inputs: [
          .float("images", [1, 8, 8, 3]), .int32("shape", [shape.count], shape.map(Int32.init)),
        ],
        outputs: [.float("output", shape)]))
  }

  @Test func layoutsAreRecognizedFromTheShapeAndTheLabels() throws {
    let v8 = try DetectorModelDescription.validated(model: Self.reshapeModel([1, 6, 32]))
    #expect(v8.yolo?.layout == .v8 && v8.yolo?.boxCount == 32 && v8.yolo?.classCount == 2)
    #expect(v8.fit == .letterbox(border: 114))
    #expect(v8.input.normalizationSource == .yoloConvention)
    let v5 = try DetectorModelDescription.validated(model: Self.reshapeModel([1, 32, 6]))
    #expect(v5.yolo?.layout == .v5 && v5.yolo?.classCount == 1)
    let transposed = try DetectorModelDescription.validated(
      model: Self.reshapeModel([1, 32, 6]), options: DetectorModelOptions(labels: ["x", "y"]))
    #expect(transposed.yolo?.layout == .v8Transposed && transposed.yolo?.classCount == 2)
    let named = try DetectorModelDescription.validated(
      model: Self.reshapeModel([1, 32, 6]), options: DetectorModelOptions(yoloLayout: .v8Transposed)
    )
    #expect(named.yolo?.layout == .v8Transposed)
    // A background row beyond the classes is dropped (AutoML dict.txt, "???").
    let background = try DetectorModelDescription.validated(
      model: Self.reshapeModel([1, 6, 32]),
      options: DetectorModelOptions(labels: ["background", "x", "y"]))
    #expect(background.labels.names == ["x", "y"])
  }

  @Test("class names come from Ultralytics' metadata.json when nothing else gives them")
  func ultralyticsNames() throws {
    let model = SingleOpModel.build(
      builtin: 22,
      inputs: [.float("images", [1, 8, 8, 3]), .int32("shape", [3], [1, 6, 32])],
      outputs: [.float("output0", [1, 6, 32])])
    let json = #"{"task": "detect", "names": {"0": "cat", "1": "dog"}}"#
    let packed = try ModelFile(
      bytes: model + StoredZip.archive([("metadata.json", Array(json.utf8))]))
    let description = try DetectorModelDescription.validated(model: packed)
    #expect(description.labels.names == ["cat", "dog"])
    #expect(description.labels.source == .metadata(file: "metadata.json"))
    // The options still win.
    let overridden = try DetectorModelDescription.validated(
      model: packed, options: DetectorModelOptions(labels: ["a", "b"]))
    #expect(overridden.labels.names == ["a", "b"])
  }

  @Test func shapesFittingNoLayoutAreTypedErrors() throws {
    do {
      _ = try DetectorModelDescription.validated(model: Self.reshapeModel([1, 3, 64]))
      Issue.record("a [1, 3, 64] output was accepted")
    } catch let error as ModelValidationError {
      guard case .yoloOutputLayout(_, let shape, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(shape == [1, 3, 64])
      #expect(error.description.contains("[1, 3, 64]"))
      #expect(error.description.contains(YOLOOutputLayout.expectedShapes))
    }
    #expect(throws: ModelValidationError.self) {
      try DetectorModelDescription.validated(
        model: Self.reshapeModel([1, 32, 5]), options: DetectorModelOptions(yoloLayout: .v5))
    }
    #expect(throws: ModelValidationError.self) {
      try DetectorModelDescription.validated(
        model: Self.reshapeModel([1, 6, 32]),
        options: DetectorModelOptions(labels: ["1", "2", "3", "4", "5"]))
    }
    do {
      _ = try DetectorModelDescription.validated(model: Self.reshapeModel([1, 2, 6, 16]))
      Issue.record("a rank-4 output was accepted")
    } catch let error as ModelValidationError {
      #expect(error.description.contains("1 output"))
      #expect(error.description.contains(YOLOOutputLayout.expectedShapes))
    }
  }
}
