import Foundation
import Imaging
import Ocellus
import TFLiteModel

/// `ocellus demo [--output DIR]`: the whole pipeline on the project's own models and samples
/// in `Models/` — labels the digit pictures, detects and classifies the scenes, tracks the
/// frame sequence, and detects the scenes again with the YOLO-layout detector — printing a summary and writing annotated PNGs and `report.json` to DIR
/// (default `ocellus-demo`).
enum DemoCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, flags: [], options: ["--output"])
    guard parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(description: "demo takes no positional arguments")
    }
    guard let detectorPath = ProjectModels.detector, let classifierPath = ProjectModels.classifier
    else {
      throw ParsedArguments.UsageError(
        description:
          "run it from the repository root: Models/digits_detector.tflite and Models/digits_classifier.tflite are needed"
      )
    }
    let samples = FileManager.default.currentDirectoryPath + "/Models/samples"
    let output = parsed.value("--output") ?? "ocellus-demo"
    try FileManager.default.createDirectory(
      atPath: output + "/frames", withIntermediateDirectories: true)
    let classifier = try LocalModel(path: classifierPath)
    let base = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: true, detectorModel: try LocalModel(path: detectorPath))

    print("1. Image labeling (\(classifierPath.split(separator: "/").last ?? ""))")
    let labeling = try labelDigits(samples: samples, classifier: classifier)
    print("2. Object detection with classification (single-image mode, up to 5 objects)")
    let detection = try detectScenes(
      samples: samples, classifier: classifier, base: base, output: output)
    print("3. Tracking over the frame sequence (stream mode, 30 fps)")
    let tracking = try trackSequence(
      samples: samples, classifier: classifier, base: base, output: output)
    var fields: [(String, JSONValue)] = [
      ("classifier", .string(classifierPath)), ("detector", .string(detectorPath)),
      ("labeling", .array(labeling)), ("detection", .array(detection)),
      ("tracking", .array(tracking)),
    ]
    if let yoloPath = ProjectModels.yoloDetector {
      print("4. YOLO-layout detector (digits_yolo.tflite: letterbox, per-class NMS)")
      fields.append(("yolo_detector", .string(yoloPath)))
      fields.append(
        ("yolo_detection", .array(try detectWithYOLO(samples: samples, path: yoloPath))))
    }
    let report = JSONValue.fields(fields)
    try Data((report.serialized() + "\n").utf8).write(
      to: URL(fileURLWithPath: output + "/report.json"))
    let written = detection.count + tracking.count + 1
    print("Wrote \(written) files to \(output)/ (annotated scenes, frames/, report.json).")
    return 0
  }

  /// Labels the digit pictures; their report entries.
  private static func labelDigits(samples: String, classifier: LocalModel) throws -> [JSONValue] {
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: classifier, maxResultCount: 3))
    var reports: [JSONValue] = []
    for file in try sorted(samples, prefix: "digit_") {
      let labels = try labeler.results(in: VisionImage(contentsOfFile: samples + "/" + file))
      let text = labels.map { "\($0.text) \(String(format: "%.2f", $0.confidence))" }.joined(
        separator: ", ")
      print("   \(file): \(labels.isEmpty ? "no label" : text)")
      reports.append(
        .fields([("file", .string(file)), ("labels", .array(labels.map(LabelCommand.json)))]))
    }
    return reports
  }

  /// The detector options of the demo: the default classifier on crops grown by 10 % per side,
  /// as it was trained.
  private static func options(classifier: LocalModel, base: ObjectDetectorOptions)
    -> CustomObjectDetectorOptions
  {
    CustomObjectDetectorOptions(
      localModel: classifier, base: base,
      cropPadding: CropPadding(ProjectModels.classifierCropPadding))
  }

  /// Detects and classifies the digits of each scene, writing annotated copies to `output`;
  /// their report entries.
  private static func detectScenes(
    samples: String, classifier: LocalModel, base: ObjectDetectorOptions, output: String
  ) throws -> [JSONValue] {
    let detector = try ObjectDetector(options: options(classifier: classifier, base: base))
    var reports: [JSONValue] = []
    for file in try sorted(samples, prefix: "scene_") {
      let image = try VisionImage(contentsOfFile: samples + "/" + file)
      let objects = try detector.results(in: image)
      print("   \(file): " + objects.map { DetectCommand.text($0) }.joined(separator: "; "))
      try DetectCommand.annotated(image, objects).write(
        to: URL(fileURLWithPath: "\(output)/\(file)"))
      reports.append(
        .fields([
          ("file", .string(file)), ("objects", .array(objects.map { DetectCommand.json($0) })),
        ]))
    }
    return reports
  }

  /// Detects the digits of each scene with the YOLO-layout detector alone (its own class
  /// names, no classifier); their report entries.
  private static func detectWithYOLO(samples: String, path: String) throws -> [JSONValue] {
    var options = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      detectorModel: try LocalModel(path: path))
    options.detectorModelOptions.labels = try LabelFile.parse(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: ProjectModels.yoloLabels))), maxLabels: 1000
    ).labels
    let detector = try ObjectDetector(options: options)
    var reports: [JSONValue] = []
    for file in try sorted(samples, prefix: "scene_") {
      let objects = try detector.results(in: VisionImage(contentsOfFile: samples + "/" + file))
      print("   \(file): " + objects.map { DetectCommand.text($0) }.joined(separator: "; "))
      reports.append(
        .fields([
          ("file", .string(file)), ("objects", .array(objects.map { DetectCommand.json($0) })),
        ]))
    }
    return reports
  }

  /// Tracks the digits through the frame sequence at 30 fps in stream mode, writing annotated
  /// frames to `output/frames`; their report entries.
  private static func trackSequence(
    samples: String, classifier: LocalModel, base: ObjectDetectorOptions, output: String
  ) throws -> [JSONValue] {
    var streamBase = base
    streamBase.detectorMode = .stream
    let tracker = try ObjectDetector(options: options(classifier: classifier, base: streamBase))
    var reports: [JSONValue] = []
    for (index, file) in try sorted(samples + "/sequence", prefix: "frame_").enumerated() {
      var image = try VisionImage(contentsOfFile: samples + "/sequence/" + file)
      let timestamp = Int64((Double(index) * 1000 / 30).rounded())
      image.timestampMilliseconds = timestamp
      let objects = try tracker.results(in: image)
      let summary = objects.map { object in
        "#\(object.trackingID ?? -1) \(object.labels.first?.text ?? "?")"
      }.joined(separator: ", ")
      print("   \(file): \(summary)")
      try DetectCommand.annotated(image, objects).write(
        to: URL(fileURLWithPath: "\(output)/frames/\(file)"))
      reports.append(
        .fields([
          ("file", .string(file)), ("timestamp_ms", .int(Int(timestamp))),
          ("objects", .array(objects.map { DetectCommand.json($0) })),
        ]))
    }
    return reports
  }

  /// The names in `directory` starting with `prefix` and ending in `.png`, sorted.
  static func sorted(_ directory: String, prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }.sorted()
  }
}
