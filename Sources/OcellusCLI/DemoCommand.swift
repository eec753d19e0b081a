import Foundation
import Imaging
import Ocellus
import TFLiteModel

/// `ocellus demo [--output DIR]`: the whole pipeline on the project's own models and samples
/// in `Models/` — labels the digit pictures, detects and classifies the scenes, and tracks the
/// frame sequence — printing a summary and writing annotated PNGs and `report.json` to DIR
/// (default `ocellus-demo`).
enum DemoCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, flags: [], options: ["--output"])
    guard parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(description: "demo takes no positional arguments")
    }
    guard let detectorPath = DefaultModels.detector, let classifierPath = DefaultModels.classifier
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
    let detectorModel = try LocalModel(path: detectorPath)
    var written = 0

    print("1. Image labeling (\(classifierPath.split(separator: "/").last ?? ""))")
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: classifier, maxResultCount: 3))
    var labelReports: [JSONValue] = []
    for file in try sorted(samples, prefix: "digit_") {
      let labels = try labeler.results(in: VisionImage(contentsOfFile: samples + "/" + file))
      let text = labels.map { "\($0.text) \(String(format: "%.2f", $0.confidence))" }.joined(
        separator: ", ")
      print("   \(file): \(labels.isEmpty ? "no label" : text)")
      labelReports.append(
        .fields([("file", .string(file)), ("labels", .array(labels.map(LabelCommand.json)))]))
    }

    print("2. Object detection with classification (single-image mode, up to 5 objects)")
    let base = ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: true,
      detectorModel: detectorModel)
    // The default classifier was trained on boxes grown by 10 % per side.
    let padding = CropPadding(DefaultModels.classifierCropPadding)
    let detector = try ObjectDetector(
      options: CustomObjectDetectorOptions(localModel: classifier, base: base, cropPadding: padding)
    )
    var sceneReports: [JSONValue] = []
    for file in try sorted(samples, prefix: "scene_") {
      let image = try VisionImage(contentsOfFile: samples + "/" + file)
      let objects = try detector.results(in: image)
      print("   \(file): " + objects.map { DetectCommand.text($0) }.joined(separator: "; "))
      try DetectCommand.annotated(image, objects).write(
        to: URL(fileURLWithPath: "\(output)/\(file)"))
      written += 1
      sceneReports.append(
        .fields([
          ("file", .string(file)), ("objects", .array(objects.map { DetectCommand.json($0) })),
        ]))
    }

    print("3. Tracking over the frame sequence (stream mode, 30 fps)")
    var streamBase = base
    streamBase.detectorMode = .stream
    let tracker = try ObjectDetector(
      options: CustomObjectDetectorOptions(
        localModel: classifier, base: streamBase, cropPadding: padding))
    var frameReports: [JSONValue] = []
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
      written += 1
      frameReports.append(
        .fields([
          ("file", .string(file)), ("timestamp_ms", .int(Int(timestamp))),
          ("objects", .array(objects.map { DetectCommand.json($0) })),
        ]))
    }
    let report = JSONValue.fields([
      ("classifier", .string(classifierPath)), ("detector", .string(detectorPath)),
      ("labeling", .array(labelReports)), ("detection", .array(sceneReports)),
      ("tracking", .array(frameReports)),
    ])
    try Data((report.serialized() + "\n").utf8).write(
      to: URL(fileURLWithPath: output + "/report.json"))
    written += 1
    print("Wrote \(written) files to \(output)/ (annotated scenes, frames/, report.json).")
    return 0
  }

  /// The names in `directory` starting with `prefix` and ending in `.png`, sorted.
  static func sorted(_ directory: String, prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }.sorted()
  }
}
