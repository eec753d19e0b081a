import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteModel
import Testing

/// The project's own models in `Models/` (issue 9), measured by Ocellus itself on the held-out
/// scenes the training script wrote (`Models/heldout/annotations.json`), never seen in training.
/// Thresholds: classifier accuracy ≥ 95 % on the ground-truth crops (the script measured
/// 98.6 % with TFLite), detector mAP@0.5 ≥ 0.80 (the script measured 0.854 on these 60 scenes).
@Suite("Default models: accuracy on the held-out scenes")
struct DefaultModelsAccuracyTests {
  static let models = SharedData.packageRoot.appendingPathComponent("Models")

  struct Object {
    var label: String
    /// [ymin, xmin, ymax, xmax] in pixels, max exclusive.
    var box: [Int]
  }

  static func scenes() throws -> [(file: String, objects: [Object])] {
    let data = try Data(contentsOf: models.appendingPathComponent("heldout/annotations.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let scenes = try #require(root["scenes"] as? [[String: Any]])
    return try scenes.map { scene in
      let objects = try #require(scene["objects"] as? [[String: Any]]).map { object in
        Object(label: object["label"] as? String ?? "", box: object["box_pixels"] as? [Int] ?? [])
      }
      return (try #require(scene["file"] as? String), objects)
    }
  }

  static func image(_ file: String) throws -> VisionImage {
    try VisionImage(contentsOfFile: models.appendingPathComponent("heldout/" + file).path)
  }

  /// Every held-out ground-truth digit as the script crops it for the classifier: the box
  /// grown by 10 % of its size on each side, rounded, clamped to the image.
  static func crops() throws -> [(label: String, image: VisionImage)] {
    var result: [(label: String, image: VisionImage)] = []
    for scene in try scenes() {
      let picture = try image(scene.file)
      for object in scene.objects {
        let (top, left, bottom, right) = (
          object.box[0], object.box[1], object.box[2], object.box[3]
        )
        let height = Double(bottom - top)
        let width = Double(right - left)
        let x0 = max(0, Int((Double(left) - 0.1 * width).rounded()))
        let y0 = max(0, Int((Double(top) - 0.1 * height).rounded()))
        let x1 = min(picture.width, Int((Double(right) + 0.1 * width).rounded()))
        let y1 = min(picture.height, Int((Double(bottom) + 0.1 * height).rounded()))
        let crop = try picture.image.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        result.append((object.label, VisionImage(image: crop)))
      }
    }
    return result
  }

  static func labeler(_ file: String) throws -> ImageLabeler {
    try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: try LocalModel(path: models.appendingPathComponent(file).path),
        confidenceThreshold: 0, maxResultCount: 10))
  }

  @Test("the classifier labels ≥ 95 % of the held-out digit crops correctly")
  func classifierAccuracy() throws {
    let labeler = try Self.labeler("digits_classifier.tflite")
    let crops = try Self.crops()
    var correct = 0
    for crop in crops where try labeler.results(in: crop.image).first?.text == crop.label {
      correct += 1
    }
    let accuracy = Double(correct) / Double(crops.count)
    print("default classifier: \(correct) of \(crops.count) held-out crops correct (\(accuracy))")
    #expect(crops.count == 139)
    #expect(accuracy >= 0.95)
  }

  @Test("the int8-interface classifier gives exactly the uint8 classifier's labels and scores")
  func int8ClassifierMatchesUInt8() throws {
    let int8 = try Self.labeler("digits_classifier_int8.tflite")
    let uint8 = try Self.labeler("digits_classifier.tflite")
    #expect(int8.modelDescription.input.elementType == .int8)
    var correct = 0
    let crops = try Self.crops()
    for crop in crops {
      // Input pixel − 128 and output probability·256 − 128 on the same int8 network: the
      // confidences are the same multiples of 1/256.
      let labels = try int8.results(in: crop.image)
      #expect(labels == (try uint8.results(in: crop.image)))
      if labels.first?.text == crop.label { correct += 1 }
    }
    print("int8 classifier: \(correct) of \(crops.count) held-out crops correct")
    #expect(Double(correct) / Double(crops.count) >= 0.95)
  }

  @Test(
    "each detector reaches its mAP@0.5 on the held-out scenes (SSD ≥ 0.80, YOLO float and int8 ≥ 0.90)",
    arguments: [
      ("digits_detector.tflite", 0.80), ("digits_yolo.tflite", 0.90),
      ("digits_yolo_int8.tflite", 0.90),
    ])
  func detectorMeanAveragePrecision(model: String, minimum: Double) throws {
    // SSD: every proposal above 0.01 (the mAP curve needs low scores); YOLO: Ultralytics'
    // own decoding (score > 0.25, per-class NMS), as it was evaluated in Models/evaluation.json.
    let isYOLO = model.contains("yolo")
    var options = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: false, maxObjectCount: isYOLO ? 300 : 5,
      detectorModel: try LocalModel(path: Self.models.appendingPathComponent(model).path),
      proposalScoreThreshold: isYOLO ? nil : 0.01)
    if isYOLO { options.detectorModelOptions.labels = (0...9).map(String.init) }
    let detector = try ObjectDetector(options: options)
    // Per class: (score, is a true positive) of every detection, and the number of truths.
    var detections: [String: [(Float, Bool)]] = [:]
    var truths: [String: Int] = [:]
    for scene in try Self.scenes() {
      for object in scene.objects { truths[object.label, default: 0] += 1 }
      var matched = Set<Int>()
      for found in try detector.results(in: Self.image(scene.file)) {
        let frame = found.displayFrame
        var best: (index: Int, iou: Double)?
        for (index, object) in scene.objects.enumerated()
        where object.label == found.detectorClassName && !matched.contains(index) {
          let truth = CGRect(
            x: object.box[1], y: object.box[0], width: object.box[3] - object.box[1],
            height: object.box[2] - object.box[0])
          let iou = Self.iou(truth, frame)
          if iou >= 0.5, iou > (best?.iou ?? 0) { best = (index, iou) }
        }
        if let best { matched.insert(best.index) }
        detections[found.detectorClassName, default: []].append(
          (found.detectionConfidence, best != nil))
      }
    }
    let averagePrecisions = truths.keys.sorted().map { label in
      Self.averagePrecision(detections[label] ?? [], truths: truths[label] ?? 0)
    }
    let meanAveragePrecision = averagePrecisions.reduce(0, +) / Double(averagePrecisions.count)
    print(
      "\(model): mAP@0.5 \(meanAveragePrecision) over \(averagePrecisions.count) classes")
    #expect(meanAveragePrecision >= minimum)
  }

  static func iou(_ a: CGRect, _ b: CGRect) -> Double {
    let intersection = a.intersection(b)
    guard !intersection.isNull else { return 0 }
    let inter = Double(intersection.width * intersection.height)
    return inter / (Double(a.width * a.height) + Double(b.width * b.height) - inter)
  }

  /// All-point interpolated average precision (VOC 2010+): detections by descending score.
  static func averagePrecision(_ detections: [(Float, Bool)], truths: Int) -> Double {
    guard truths > 0 else { return 0 }
    let sorted = detections.sorted { $0.0 > $1.0 }
    var truePositives = 0
    var points: [(recall: Double, precision: Double)] = []
    for (rank, detection) in sorted.enumerated() {
      if detection.1 { truePositives += 1 }
      points.append(
        (Double(truePositives) / Double(truths), Double(truePositives) / Double(rank + 1)))
    }
    var area = 0.0
    var previousRecall = 0.0
    for (index, point) in points.enumerated() {
      let bestPrecision = points[index...].map(\.precision).max() ?? 0
      area += (point.recall - previousRecall) * bestPrecision
      previousRecall = point.recall
    }
    return area
  }
}
