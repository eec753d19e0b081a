import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// `TFLite_Detection_PostProcess`: hand-derived cases, a line-by-line reference of upstream on
/// random inputs, the real COCO SSD post-processing inputs, and load-time rejections.
@Suite("TFLite_Detection_PostProcess")
struct DetectionPostProcessTests {
  typealias F = DetectionPostProcessFixtures
  typealias Result = DetectionPostProcessReference.Result

  /// Anchors `[A, 4]` (y, x, h, w), float32 and fed at run time unless `constant`.
  static func anchors(_ rows: [[Float]], constant: Bool = true) -> F.Input {
    .float([rows.count, 4], rows.flatMap { $0 }, constant: constant)
  }

  /// Box encodings `[1, A, 4]`, all zero unless given: each box is then its anchor.
  static func encodings(_ count: Int, _ rows: [[Float]]? = nil) -> F.Input {
    .float([1, count, 4], rows?.flatMap { $0 } ?? [Float](repeating: 0, count: 4 * count))
  }

  /// Class predictions `[1, A, C]`.
  static func scores(_ rows: [[Float]]) -> F.Input {
    .float([1, rows.count, rows[0].count], rows.flatMap { $0 })
  }

  /// Anchors of boxes given by corners (ymin, xmin, ymax, xmax).
  static func anchors(corners: [[Float]], constant: Bool = true) -> F.Input {
    anchors(
      corners.map { [($0[0] + $0[2]) / 2, ($0[1] + $0[3]) / 2, $0[2] - $0[0], $0[3] - $0[1]] },
      constant: constant)
  }

  /// Box `i` of a result's boxes.
  static func box(_ result: Result, _ i: Int) -> [Float] { Array(result.boxes[4 * i..<4 * i + 4]) }

  static func close(_ a: [Float], _ b: [Float], _ tolerance: Float = 1e-6) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  // MARK: Hand-derived cases

  @Test("decodes center-size encodings against anchors")
  func decodesKnownBoxes() throws {
    let ln2 = Float(log(2.0))
    var options = F.Options()
    options.iouThreshold = 1
    let result = try F.run(
      options,
      Self.encodings(2, [[0, 0, 0, 0], [2, -4, 5 * ln2, -5 * ln2]]),
      Self.scores([[0.9, 0.1], [0.2, 0.8]]),
      Self.anchors([[0.5, 0.5, 0.2, 0.4], [0.25, 0.75, 0.5, 0.5]]))
    #expect(result.count == 2)
    #expect(result.classes == [0, 1, 0])
    #expect(result.scores == [0.9, 0.8, 0])
    // y = 0.5 ± 0.1, x = 0.5 ± 0.2.
    #expect(Self.close(Self.box(result, 0), [0.4, 0.3, 0.6, 0.7]), "\(result)")
    // yc = 2/10·0.5 + 0.25, xc = -4/10·0.5 + 0.75, half h = 0.5·2·0.5, half w = 0.5·0.5·0.5.
    #expect(Self.close(Self.box(result, 1), [-0.15, 0.425, 0.85, 0.675]), "\(result)")
    #expect(Self.box(result, 2) == [0, 0, 0, 0])
  }

  /// Boxes 0 and 1 overlap with IoU exactly 1/3 (0.5 / 1.5 in Float); box 2 is apart.
  static let thirdOverlap: [[Float]] = [[0, 0, 1, 1], [0, 0.5, 1, 1.5], [2, 2, 3, 3]]

  @Test(
    "suppresses when IoU is strictly above the threshold",
    arguments: [
      (Float(0.33), false), (0.34, false), (Float(1) / 3, false), (0.33, true), (0.34, true),
    ])
  func iouThreshold(threshold: Float, regular: Bool) throws {
    var options = F.Options()
    options.iouThreshold = threshold
    options.numClasses = 1
    options.useRegularNms = regular
    let result = try F.run(
      options, Self.encodings(3), Self.scores([[0.9], [0.8], [0.7]]),
      Self.anchors(corners: Self.thirdOverlap))
    let iou: Float = 0.5 / 1.5
    if iou > threshold {
      #expect(result.count == 2)
      #expect(result.scores == [0.9, 0.7, 0])
      #expect(Self.box(result, 1) == [2, 2, 3, 3])
    } else {
      #expect(result.count == 3)
      #expect(result.scores == [0.9, 0.8, 0.7])
      #expect(Self.box(result, 1) == [0, 0.5, 1, 1.5])
    }
  }

  @Test("a score equal to the threshold passes", arguments: [false, true])
  func scoreThreshold(regular: Bool) throws {
    var options = F.Options()
    options.scoreThreshold = 0.25
    options.numClasses = 1
    options.useRegularNms = regular
    let result = try F.run(
      options, Self.encodings(3), Self.scores([[0.5], [0.25], [Float(0.25).nextDown]]),
      Self.anchors(corners: [[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5]]))
    #expect(result.count == 2)
    #expect(result.scores == [0.5, 0.25, 0])
    #expect(Self.box(result, 1) == [2, 2, 3, 3])
  }

  /// Four disjoint unit boxes.
  static let apart: [[Float]] = [[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5], [6, 6, 7, 7]]

  @Test("equal quantized scores keep ascending anchor order", arguments: [false, true])
  func tiesByAnchor(regular: Bool) throws {
    var options = F.Options()
    options.numClasses = 1
    options.useRegularNms = regular
    options.maxDetections = 3
    let scores = F.Input.quantized([1, 4, 1], [100, 128, 128, 128], scale: 1 / 256, zeroPoint: 0)
    let result = try F.run(options, Self.encodings(4), scores, Self.anchors(corners: Self.apart))
    #expect(result.count == 3)
    #expect(result.scores == [0.5, 0.5, 0.5])
    #expect(result.boxes == Self.apart[1...3].flatMap { $0 })
  }

  @Test("regular NMS orders equal scores by class, then anchor")
  func regularTiesByClass() throws {
    var options = F.Options()
    options.useRegularNms = true
    options.maxDetections = 4
    let result = try F.run(
      options, Self.encodings(2), Self.scores([[0.5, 0.5], [0.5, 0.75]]),
      Self.anchors(corners: Array(Self.apart[0...1])))
    #expect(result.count == 4)
    #expect(result.classes == [1, 0, 0, 1])
    #expect(result.scores == [0.75, 0.5, 0.5, 0.5])
    #expect(result.boxes == [2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1])
  }

  @Test("a background column is skipped and classes count from the first real class")
  func backgroundColumn() throws {
    var options = F.Options()
    options.numClasses = 2
    for regular in [false, true] {
      options.useRegularNms = regular
      let result = try F.run(
        options, Self.encodings(2), Self.scores([[0.99, 0.1, 0.6], [0.99, 0.7, 0.2]]),
        Self.anchors(corners: Array(Self.apart[0...1])))
      #expect(result.classes[0...1] == [0, 1], "regular \(regular)")
      #expect(result.scores[0...1] == [0.7, 0.6], "regular \(regular)")
      #expect(Self.box(result, 0) == Self.apart[1])
    }
  }

  @Test("fast NMS keeps one box per anchor; regular NMS suppresses within each class only")
  func modes() throws {
    // Boxes 0 and 1 overlap heavily (IoU 0.9 / 1.1); box 0 is class 0, box 1 class 1.
    let corners: [[Float]] = [[0, 0, 1, 1], [0, 0.1, 1, 1.1], [4, 4, 5, 5]]
    let scores = Self.scores([[0.9, 0.1], [0.2, 0.8], [0.3, 0.4]])
    var options = F.Options()
    options.maxDetections = 4
    let fast = try F.run(options, Self.encodings(3), scores, Self.anchors(corners: corners))
    #expect(fast.count == 2)
    #expect(fast.classes[0...1] == [0, 1])
    #expect(fast.scores[0...1] == [0.9, 0.4])
    options.useRegularNms = true
    let regular = try F.run(options, Self.encodings(3), scores, Self.anchors(corners: corners))
    // Class 0: 0.9 (box 0) suppresses 0.2 (box 1); 0.3 (box 2). Class 1: 0.8 (box 1) suppresses
    // 0.1 (box 0); 0.4 (box 2).
    #expect(regular.count == 4)
    #expect(regular.classes == [0, 1, 1, 0])
    #expect(regular.scores == [0.9, 0.8, 0.4, 0.3])
    #expect(Self.close(Self.box(regular, 1), corners[1]))
  }

  @Test("detections_per_class caps each class in regular NMS")
  func detectionsPerClass() throws {
    var options = F.Options()
    options.useRegularNms = true
    options.detectionsPerClass = 2
    options.maxDetections = 5
    let result = try F.run(
      options, Self.encodings(4),
      Self.scores([[0.9, 0.1], [0.8, 0.2], [0.7, 0.3], [0.6, 0.05]]),
      Self.anchors(corners: Self.apart))
    #expect(result.count == 4)
    #expect(result.classes[0..<4] == [0, 0, 1, 1])
    #expect(result.scores == [0.9, 0.8, 0.3, 0.2, 0])
  }

  @Test("several classes per detection: row j·max_classes + c, count of anchors")
  func classesPerDetection() throws {
    var options = F.Options()
    options.numClasses = 3
    options.maxClassesPerDetection = 2
    options.maxDetections = 2
    let scores = Self.scores([[0.1, 0.7, 0.3], [0.6, 0.2, 0.6]])
    let result = try F.run(
      options, Self.encodings(2), scores, Self.anchors(corners: Array(Self.apart[0...1])))
    #expect(result.count == 2)
    #expect(result.classes == [1, 2, 0, 2])
    #expect(result.scores == [0.7, 0.3, 0.6, 0.6])
    #expect(result.boxes == [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
    // More classes per detection than classes: rows past num_classes stay zero.
    options.maxClassesPerDetection = 4
    let wide = try F.run(
      options, Self.encodings(2), scores, Self.anchors(corners: Array(Self.apart[0...1])))
    #expect(wide.count == 2)
    #expect(wide.classes == [1, 2, 0, 0, 0, 2, 1, 0])
    #expect(wide.scores == [0.7, 0.3, 0.1, 0, 0.6, 0.6, 0.2, 0])
    #expect(Self.box(wide, 3) == [0, 0, 0, 0])
    #expect(Self.box(wide, 6) == [2, 2, 3, 3])
  }

  @Test("quantized inputs give the same detections as their dequantized floats")
  func quantizedInputs() throws {
    var random = SplitMix64(seed: 7)
    let count = 12
    var options = F.Options()
    options.numClasses = 3
    options.maxDetections = 5
    options.maxClassesPerDetection = 2
    for signed in [false, true] {
      let low = signed ? -128 : 0
      let boxes = F.Input.quantized(
        [1, count, 4],
        (0..<4 * count).map { _ in Int.random(in: low...(low + 255), using: &random) },
        scale: 0.05, zeroPoint: signed ? -3 : 125, signed: signed)
      let scores = F.Input.quantized(
        [1, count, 4],
        (0..<4 * count).map { _ in Int.random(in: low...(low + 255), using: &random) },
        scale: 1 / 256, zeroPoint: signed ? -128 : 0, signed: signed)
      let anchors = F.Input.quantized(
        [count, 4],
        (0..<count).flatMap { _ in
          [80, 80, 10, 10].map { $0 + low + Int.random(in: 0...60, using: &random) }
        }, scale: 0.01, zeroPoint: low, signed: signed, constant: true)
      let quantized = try F.run(options, boxes, scores, anchors)
      let floats = try F.run(
        options, .float(boxes.shape, boxes.values(DetectionPostProcessReference.dequantizeBox)),
        .float(scores.shape, scores.values(DetectionPostProcessReference.dequantizeScore)),
        .float(anchors.shape, anchors.values(DetectionPostProcessReference.dequantizeBox)))
      #expect(quantized == floats)
      #expect(quantized == F.reference(options, boxes, scores, anchors))
      #expect(quantized.count >= 1)
    }
  }

  @Test("quantized scores with a negative scale rank by value, not by byte")
  func negativeScoreScale() throws {
    var options = F.Options()
    options.numClasses = 3
    options.maxDetections = 4
    options.scoreThreshold = -0.5
    for regular in [false, true] {
      options.useRegularNms = regular
      // Real scores (q - 128) · -1/256: byte 0 is the best (0.5), byte 255 the worst.
      let scores = F.Input.quantized(
        [1, 4, 3], [200, 10, 128, 0, 255, 90, 160, 160, 40, 250, 250, 250], scale: -1 / 256,
        zeroPoint: 128)
      let anchors = Self.anchors(corners: Self.apart)
      let result = try F.run(options, Self.encodings(4), scores, anchors)
      #expect(
        result == F.reference(options, Self.encodings(4), scores, anchors), "regular \(regular)")
      #expect(result.scores[0] == 0.5)
      #expect(result.classes[0] == 0)
      #expect(Self.box(result, 0) == Self.apart[1])
    }
  }

  @Test("inputs folded at load when all are constant")
  func constantInputs() throws {
    var boxes = Self.encodings(2)
    boxes.constant = true
    var scores = Self.scores([[0.9, 0.1], [0.2, 0.8]])
    scores.constant = true
    let anchors = Self.anchors(corners: Array(Self.apart[0...1]))
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: F.model(F.Options().bytes, boxes, scores, anchors)))
    #expect(interpreter.foldedNodeCount == 1)
    #expect(try interpreter.outputFloats(at: 2) == [0.9, 0.8, 0])
    #expect(try interpreter.outputFloats(at: 3) == [2])
    #expect(try interpreter.output(at: 0).shape == [1, 3, 4])
  }

  @Test("no anchors: all rows zero")
  func noAnchors() throws {
    let result = try F.run(
      F.Options(), .float([1, 0, 4], []), .float([1, 0, 2], []), .float([0, 4], [], constant: true))
    #expect(
      result
        == Result(
          boxes: [Float](repeating: 0, count: 12), classes: [0, 0, 0], scores: [0, 0, 0], count: 0))
  }

  @Test("inverted boxes at run time are kept, with IoU 0, instead of failing the run")
  func invertedBoxAtRunTime() throws {
    // Anchors 1 and 2 have a negative height and/or width and sit on anchor 0: upstream fails
    // the run; here their IoU with anything is 0 (empty intersection), so nothing is suppressed.
    let anchors = Self.anchors(
      [[0.5, 0.5, 1, 1], [0.5, 0.5, -1, 1], [0.5, 0.5, -0.5, -0.5]], constant: false)
    let boxes = Self.encodings(3)
    let scores = Self.scores([[0.5], [0.9], [0.7]])
    var options = F.Options()
    options.numClasses = 1
    #expect(F.reference(options, boxes, scores, anchors) == nil)
    for regular in [false, true] {
      options.useRegularNms = regular
      let result = try F.run(options, boxes, scores, anchors)
      #expect(result.count == 3)
      #expect(result.scores == [0.9, 0.7, 0.5])
      #expect(result.boxes == [1, 0, 0, 1, 0.75, 0.75, 0.25, 0.25, 0, 0, 1, 1])
    }
  }

  @Test("NaN scores never pass; with several classes NaN ranks last")
  func nanScores() throws {
    var options = F.Options()
    options.maxClassesPerDetection = 2
    let nan = Float.nan
    let result = try F.run(
      options, Self.encodings(3), Self.scores([[nan, 0.9], [nan, nan], [0.4, 0.3]]),
      Self.anchors(corners: Array(Self.apart[0...2])))
    #expect(result.count == 2)
    #expect(result.classes == [1, 0, 0, 1, 0, 0])
    #expect(result.scores[0] == 0.9 && result.scores[1].isNaN)
    #expect(result.scores[2...] == [0.4, 0.3, 0, 0])
    // One class per anchor: upstream's scan keeps a NaN in the first column, so anchor 0 drops.
    options.maxClassesPerDetection = 1
    let single = try F.run(
      options, Self.encodings(3), Self.scores([[nan, 0.9], [nan, nan], [0.4, 0.3]]),
      Self.anchors(corners: Array(Self.apart[0...2])))
    #expect(single.count == 1)
    #expect(single.scores == [0.4, 0, 0])
    // Regular NMS: class 0 keeps only anchor 2; class 1 keeps anchors 0 and 2.
    options.useRegularNms = true
    let perClass = try F.run(
      options, Self.encodings(3), Self.scores([[nan, 0.9], [nan, nan], [0.4, 0.3]]),
      Self.anchors(corners: Array(Self.apart[0...2])))
    #expect(perClass.count == 3)
    #expect(perClass.scores == [0.9, 0.4, 0.3])
    #expect(perClass.classes == [1, 0, 1])
  }

  // MARK: Against the reference

  /// A random case: shapes, options, types and values; scores on a coarse grid so ties happen.
  static func randomCase(_ seed: UInt64) -> (F.Options, F.Input, F.Input, F.Input) {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 1...40, using: &random)
    var options = F.Options()
    // Up to 5 classes, or enough for the 8- and 16-lane maximum scans.
    options.numClasses = Int32.random(
      in: Bool.random(using: &random) ? 1...5 : 8...20, using: &random)
    options.maxDetections = Int32.random(in: 1...8, using: &random)
    options.maxClassesPerDetection = Int32.random(in: 1...3, using: &random)
    options.useRegularNms = Bool.random(using: &random)
    options.detectionsPerClass =
      Bool.random(using: &random) ? Int32.random(in: 1...4, using: &random) : nil
    options.scoreThreshold = [0, 0.25, 0.5].randomElement(using: &random)!
    options.iouThreshold = [0.1, 0.3, 0.5, 0.7, 1].randomElement(using: &random)!
    options.scales = [10, 10, 5, 5].map { $0 * Float.random(in: 0.5...2, using: &random) }
    let columns = Int(options.numClasses) + (Bool.random(using: &random) ? 1 : 0)
    let length = Int.random(in: 4...6, using: &random)
    func kind() -> Int { Int.random(in: 0...2, using: &random) }  // float32, uint8, int8
    let boxKind = kind()
    let boxes: F.Input
    if boxKind == 0 {
      boxes = .float(
        [1, count, length],
        (0..<count * length).map { _ in Float.random(in: -3...3, using: &random) })
    } else {
      let low = boxKind == 2 ? -128 : 0
      boxes = .quantized(
        [1, count, length],
        (0..<count * length).map { _ in Int.random(in: low...(low + 255), using: &random) },
        scale: 0.03, zeroPoint: low + 128, signed: boxKind == 2)
    }
    let scoreKind = kind()
    let scores: F.Input
    if scoreKind == 0 {
      scores = .float(
        [1, count, columns],
        (0..<count * columns).map { _ in Float(Int.random(in: 0...8, using: &random)) / 8 })
    } else {
      let low = scoreKind == 2 ? -128 : 0
      scores = .quantized(
        [1, count, columns],
        (0..<count * columns).map { _ in low + 32 * Int.random(in: 0...7, using: &random) },
        scale: 1 / 256, zeroPoint: low, signed: scoreKind == 2)
    }
    let anchorKind = kind()
    let anchors: F.Input
    let constant = Bool.random(using: &random)
    if anchorKind == 0 {
      anchors = .float(
        [count, 4],
        (0..<count).flatMap { _ in
          [
            Float.random(in: 0...1, using: &random), Float.random(in: 0...1, using: &random),
            Float.random(in: 0.05...0.5, using: &random),
            Float.random(in: 0.05...0.5, using: &random),
          ]
        }, constant: constant)
    } else {
      let low = anchorKind == 2 ? -128 : 0
      anchors = .quantized(
        [count, 4],
        (0..<count).flatMap { _ in
          [
            Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random),
            Int.random(in: 12...128, using: &random), Int.random(in: 12...128, using: &random),
          ].map { $0 + low }
        }, scale: 1 / 255, zeroPoint: low, signed: anchorKind == 2, constant: constant)
    }
    return (options, boxes, scores, anchors)
  }

  @Test("random cases match the reference exactly, for any thread count", arguments: 0..<60)
  func matchesReference(seed: Int) throws {
    let (options, boxes, scores, anchors) = Self.randomCase(UInt64(seed) &* 7919 &+ 11)
    let expected = try #require(F.reference(options, boxes, scores, anchors))
    let single = try F.run(options, boxes, scores, anchors)
    #expect(single == expected, "options \(options)")
    let threaded = try F.run(options, boxes, scores, anchors, threads: 3)
    #expect(threaded == expected)
  }

  // MARK: The real model

  /// The COCO SSD's post-processing node: its custom options, anchors and input quantization.
  struct SSDPostProcess {
    var options: [UInt8]
    var anchors: F.Input
    var boxQuantization: (scale: Float, zeroPoint: Int)
    var scoreQuantization: (scale: Float, zeroPoint: Int)
    var anchorCount: Int
    var columns: Int

    init(_ path: String) throws {
      let model = try ModelFile(contentsOfFile: path)
      let graph = model.mainSubgraph
      let op = try #require(
        graph.operators.first {
          model.operatorCode(of: $0).customCode == "TFLite_Detection_PostProcess"
        })
      options = Array(try #require(op.customOptions))
      let tensors = op.inputs.map { graph.tensors[$0] }
      func quantization(_ tensor: ModelTensor) throws -> (Float, Int) {
        let q = try #require(tensor.quantization)
        return (q.scales[0], Int(q.zeroPoints[0]))
      }
      boxQuantization = try quantization(tensors[0])
      scoreQuantization = try quantization(tensors[1])
      anchorCount = tensors[0].shape[1]
      columns = tensors[1].shape[2]
      let (scale, zero) = try quantization(tensors[2])
      anchors = .quantized(
        tensors[2].shape, model.constantData(of: tensors[2]).map { Int($0) }, scale: scale,
        zeroPoint: zero, constant: true)
    }
  }

  static let ssdPath = "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"

  @Test(
    "the SSD's own anchors and options on random quantized inputs match the reference",
    .enabled(if: SharedData.isAvailable), arguments: [false, true])
  func ssdPostProcessAlone(regular: Bool) throws {
    let ssd = try SSDPostProcess(SharedData.path(Self.ssdPath))
    // The model's options, checked through the parser the kernel uses.
    let parsed = try DetectionPostProcessOptions(customOptions: ssd.options)
    #expect(parsed.maxDetections == 10 && parsed.numClasses == 90 && !parsed.useRegularNms)
    var options = F.Options()
    options.maxDetections = Int32(parsed.maxDetections)
    options.maxClassesPerDetection = Int32(parsed.maxClassesPerDetection)
    options.scoreThreshold = parsed.nmsScoreThreshold
    options.iouThreshold = parsed.nmsIouThreshold
    options.numClasses = Int32(parsed.numClasses)
    options.scales = [parsed.yScale, parsed.xScale, parsed.hScale, parsed.wScale]
    options.useRegularNms = regular
    var random = SplitMix64(seed: regular ? 2 : 1)
    let count = ssd.anchorCount
    let boxes = F.Input.quantized(
      [1, count, 4],
      (0..<4 * count).map { _ in
        ssd.boxQuantization.zeroPoint + Int.random(in: -40...40, using: &random)
      }, scale: ssd.boxQuantization.scale, zeroPoint: ssd.boxQuantization.zeroPoint)
    // Mostly tiny scores, a few large ones: many ties, as sigmoid outputs quantized to 1/256.
    let scores = F.Input.quantized(
      [1, count, ssd.columns],
      (0..<count * ssd.columns).map { _ in
        Int.random(in: 0..<100, using: &random) < 97
          ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...255, using: &random)
      }, scale: ssd.scoreQuantization.scale, zeroPoint: ssd.scoreQuantization.zeroPoint)
    let expected = try #require(F.reference(options, boxes, scores, ssd.anchors))
    let result = try F.run(options, boxes, scores, ssd.anchors)
    #expect(result == expected)
    #expect(result.count == 10)
    // The model's own custom-options bytes give the same (fast NMS) result.
    if !regular {
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: F.model(ssd.options, boxes, scores, ssd.anchors)))
      try interpreter.setInput(at: 0, bytes: boxes.bytes)
      try interpreter.setInput(at: 1, bytes: scores.bytes)
      try interpreter.invoke()
      #expect(try interpreter.outputFloats(at: 0) == expected.boxes)
      #expect(try interpreter.outputFloats(at: 2) == expected.scores)
    }
  }

  static let ssdCases: [(String, String, String)] = {
    let base = "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29"
    let images = ["cats_and_dogs", "grace_hopper", "multi_objects", "pets"]
    var cases = images.flatMap { image in
      [(base, base, image), (base + "_no_metadata", base, image)]
    }
    cases += ["cats_and_dogs", "multi_objects"].map {
      (base + "_score_calibration", base + "_score_calibration", $0)
    }
    return cases
  }()

  @Test(
    "the COCO SSD end to end gives LiteRT's reference detections, in order",
    .enabled(if: SharedData.isAvailable), arguments: ssdCases)
  func ssdEndToEnd(model: String, folder: String, image: String) throws {
    let interpreter = try ModelInterpreter(
      model: ModelFile(contentsOfFile: SharedData.path("models/\(model).tflite")))
    let input = try NumPyArray(
      npyBytes: SharedData.bytes("reference/\(folder)/\(image).input.npy"))
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    let reference = try (0..<4).map { position in
      try #require(
        try NumPyArray(
          npyBytes: SharedData.bytes("reference/\(folder)/ref/\(image).out\(position).npy")
        ).floats)
    }
    // Fast NMS is fully determined (stable sort, first-maximum class), so the order matches too.
    // (Boxes come out bit-identical here; the tolerance allows another libm's `exp`.)
    #expect(try interpreter.outputFloats(at: 3) == reference[3])
    #expect(try interpreter.outputFloats(at: 1) == reference[1])
    #expect(try interpreter.outputFloats(at: 2) == reference[2])
    #expect(Self.close(try interpreter.outputFloats(at: 0), reference[0], 1e-5))
  }

  // MARK: Load-time checks

  static func loadFailure(
    options: [UInt8]? = F.Options().bytes, boxes: F.Input = encodings(2),
    scores: F.Input = scores([[0.1, 0.2], [0.3, 0.4]]),
    anchors: F.Input = anchors(corners: Array(apart[0...1])), outputTypes: [Int8] = [0, 0, 0, 0]
  ) -> String {
    let bytes = F.model(options, boxes, scores, anchors, outputTypes: outputTypes)
    guard let error = F.loadError(bytes) else { return "loaded" }
    switch error {
    case .invalidNode(let name, _, let reason): return "invalid \(name): \(reason)"
    case .unsupportedNode(let name, _, _, let reason): return "unsupported \(name): \(reason)"
    default: return "\(error)"
    }
  }

  @Test("bad nodes are rejected at load, naming what is wrong")
  func loadErrors() {
    var bad = F.Options()
    bad.iouThreshold = 0
    let cases: [(String, String)] = [
      (Self.loadFailure(options: nil), "no custom options"),
      (
        Self.loadFailure(options: F.flexMap(["max_detections": .int(3)])),
        "max_classes_per_detection"
      ),
      (Self.loadFailure(options: bad.bytes), "nms_iou_threshold"),
      (
        Self.loadFailure(boxes: .float([2, 2, 4], [Float](repeating: 0, count: 16))),
        "box encodings"
      ),
      (
        Self.loadFailure(boxes: .float([1, 2, 3], [Float](repeating: 0, count: 6))), "box encodings"
      ),
      (
        Self.loadFailure(scores: Self.scores([[0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]])),
        "columns"
      ),
      (Self.loadFailure(scores: Self.scores([[0.1, 0.2]])), "class predictions"),
      (
        Self.loadFailure(
          anchors: .float([2, 5], [Float](repeating: 0.5, count: 10), constant: true)), "anchors"
      ),
      (
        Self.loadFailure(
          anchors: .float([3, 4], [Float](repeating: 0.5, count: 12), constant: true)), "anchors"
      ),
      (Self.loadFailure(outputTypes: [0, 0, 3, 0]), "output 2"),
      (
        Self.loadFailure(anchors: Self.anchors([[0.5, 0.5, 0.2, 0.2], [0.5, 0.5, 0.2, -0.1]])),
        "anchor 1"
      ),
    ]
    for (message, needle) in cases {
      #expect(message.contains(needle), "\(message)")
      #expect(message.contains("TFLite_Detection_PostProcess"), "\(message)")
    }
  }

  @Test("an int32 input or an unquantized uint8 input is unsupported")
  func unsupportedTypes() {
    let int32 = SingleOpModel.build(
      builtin: 32, customCode: "TFLite_Detection_PostProcess", customOptions: F.Options().bytes,
      inputs: [
        .int32("boxes", [1, 2, 4]), .float("scores", [1, 2, 2]),
        .float("anchors", [2, 4], [Float](repeating: 0.5, count: 8)),
      ],
      outputs: (0..<4).map { SingleOpModel.Tensor("out\($0)", shape: []) })
    let error = F.loadError(int32)
    guard case .unsupportedNode(_, _, let types, let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(reason.contains("int32"))
    #expect(types.hasPrefix("int32, float32, float32"))
    let unquantized = SingleOpModel.build(
      builtin: 32, customCode: "TFLite_Detection_PostProcess", customOptions: F.Options().bytes,
      inputs: [
        .float("boxes", [1, 2, 4]), SingleOpModel.Tensor("scores", type: 3, shape: [1, 2, 2]),
        .float("anchors", [2, 4], [Float](repeating: 0.5, count: 8)),
      ],
      outputs: (0..<4).map { SingleOpModel.Tensor("out\($0)", shape: []) })
    guard case .unsupportedNode(_, _, _, let reason) = F.loadError(unquantized) else {
      Issue.record("loaded")
      return
    }
    #expect(reason.contains("per-tensor scale"))
  }
}
