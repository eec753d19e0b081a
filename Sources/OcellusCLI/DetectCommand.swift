import Foundation
import ImageCodecs
import Imaging
import Ocellus
import OcellusDefaultModels
import TFLiteModel

/// `ocellus detect IMAGE… [--detector M] [--classifier M] [--multiple] [--threshold T]
/// [--detection-threshold T] [--max-labels N] [--padding F] [--json] [--annotate OUT.png]`:
/// single-image object detection. Boxes come from `--detector`, else the built-in object
/// localizer; without `--classifier` objects get the base detector's coarse categories from the
/// built-in classifier; with one, each object's upright crop is classified. Boxes are in the
/// upright image's pixels.
enum DetectCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json", "--multiple", "--no-classification"],
      options: detectorOptions.union(["--annotate", "--runs"]))
    let images = try parsed.several("IMAGE")
    let runs = try parsed.integer("--runs", minimum: 1, default: 0)
    let detector = try makeDetector(parsed, mode: .singleImage)
    var documents: [JSONValue] = []
    var progress = ProgressLine(
      total: images.count, resultsAtEnd: parsed.flags.contains("--json"))
    for (position, path) in images.enumerated() {
      progress.show(position, path)
      let image = try VisionImage(contentsOfFile: path)
      let objects = try detector.results(in: image)
      // --runs N: N more decodes and detections of the same file, timed (single-image mode
      // keeps no state, so every run gives the same objects).
      var decoding = TimingSamples()
      var detecting = TimingSamples()
      for _ in 0..<runs {
        _ = try decoding.time { try VisionImage(contentsOfFile: path) }
        _ = try detecting.time { try detector.results(in: image) }
      }
      if parsed.flags.contains("--json") {
        var fields: [(String, JSONValue)] = [
          ("file", .string(path)), ("width", .int(image.width)), ("height", .int(image.height)),
          ("objects", .array(objects.map { json($0) })),
        ]
        if runs > 0 {
          fields.append(
            (
              "timing",
              .fields([
                ("runs", .int(runs)),
                ("decode_ms_median", .double(TimingSamples.rounded(decoding.median))),
                ("detect_ms_median", .double(TimingSamples.rounded(detecting.median))),
                ("detect_ms_min", .double(TimingSamples.rounded(detecting.min))),
              ])
            ))
        }
        documents.append(.fields(fields))
      } else {
        print("\(path) (\(image.width)×\(image.height) upright): \(objects.count) object(s)")
        for object in objects { print("  " + text(object)) }
        if runs > 0 {
          print(
            "  timing: decode median \(TimingSamples.rounded(decoding.median)) ms; detection"
              + " with classification median \(TimingSamples.rounded(detecting.median)) ms,"
              + " min \(TimingSamples.rounded(detecting.min)) ms (\(runs) runs)")
        }
      }
      if let annotate = parsed.value("--annotate") {
        let output = images.count == 1 ? annotate : numbered(annotate, position + 1)
        try annotated(image, objects).write(to: URL(fileURLWithPath: output))
        if !parsed.flags.contains("--json") { print("  annotated: \(output)") }
      }
    }
    progress.finish()
    if parsed.flags.contains("--json") { print(JSONValue.array(documents).serialized()) }
    return 0
  }

  /// The options ``makeDetector(_:mode:)`` reads (besides the `--multiple` and
  /// `--no-classification` flags).
  static let detectorOptions: Set<String> = [
    "--detector", "--classifier", "--threshold", "--detection-threshold", "--max-labels",
    "--padding", "--normalize", "--detector-normalize", "--threads", "--labels", "--allow",
    "--deny", "--max-objects", "--layout", "--fit", "--nms-iou",
  ]

  /// The detector the options describe.
  static func makeDetector(_ parsed: ParsedArguments, mode: DetectorMode) throws -> ObjectDetector {
    let threads = try parsed.integer("--threads", minimum: 1, default: 1)
    var base = ObjectDetectorOptions(
      detectorMode: mode,
      shouldEnableMultipleObjects: parsed.flags.contains("--multiple") || mode == .stream,
      shouldEnableClassification: !parsed.flags.contains("--no-classification"),
      maxObjectCount: try parsed.integer("--max-objects", minimum: 1, default: 5),
      builtInModels: try DefaultModels.builtInModels(), threadCount: threads)
    if let path = parsed.value("--detector") {
      base.detectorModel = try LocalModel(path: path)
    }
    base.proposalScoreThreshold = try parsed.number("--detection-threshold", in: 0...1)
    base.detectorModelOptions = try parsed.detectorModelOptions()
    if parsed.flags.contains("--no-classification"), parsed.value("--classifier") != nil {
      throw ParsedArguments.UsageError(
        description: "--classifier and --no-classification contradict each other: give one")
    }
    guard let classifier = parsed.value("--classifier") else {
      for option in ["--threshold", "--max-labels", "--padding", "--normalize"]
      where parsed.value(option) != nil {
        throw ParsedArguments.UsageError(
          description:
            "\(option) applies to a classifier's labels, and none runs: give --classifier M"
            + " (labels are the built-in coarse categories otherwise)")
      }
      return try ObjectDetector(options: base)
    }
    var custom = CustomObjectDetectorOptions(
      localModel: try LocalModel(path: classifier), base: base)
    custom.classificationConfidenceThreshold = try parsed.number("--threshold", in: 0...1)
    custom.maxPerObjectLabelCount = try parsed.integer("--max-labels", minimum: 1, default: 10)
    custom.classifierModelOptions.normalization = try parsed.normalization("--normalize")
    let padding = try parsed.number("--padding", in: 0...1).map(Double.init)
    custom.cropPadding = CropPadding(
      padding ?? ProjectModels.cropPadding(forClassifier: classifier))
    return try ObjectDetector(options: custom)
  }

  static func json(_ object: DetectedObject) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      (
        "frame",
        .array(
          [object.frame.minX, object.frame.minY, object.frame.width, object.frame.height].map {
            .double(Double($0))
          })
      ),
      ("detection_confidence", .float(object.detectionConfidence)),
      ("detector_class", .string(object.detectorClassName)),
      (
        "labels",
        .array(
          object.labels.map {
            .fields([
              ("text", .string($0.text)), ("index", .int($0.index)),
              ("confidence", .float($0.confidence)),
            ])
          })
      ),
    ]
    if let id = object.trackingID { fields.append(("tracking_id", .int(id))) }
    return .fields(fields)
  }

  static func text(_ object: DetectedObject) -> String {
    let frame = object.frame
    let box =
      "x \(Int(frame.minX)) y \(Int(frame.minY)) w \(Int(frame.width)) h \(Int(frame.height))"
    let id = object.trackingID.map { "#\($0) " } ?? ""
    let labels =
      object.labels.isEmpty
      ? "(no label)"
      : object.labels.map {
        "\($0.text.isEmpty ? "#\($0.index)" : $0.text) \(String(format: "%.2f", $0.confidence))"
      }.joined(
        separator: ", ")
    let detectorClass =
      object.detectorClassName.isEmpty
      ? "class \(object.detectorClassIndex)" : object.detectorClassName
    let score = String(format: "%.2f", object.detectionConfidence)
    return "\(id)[\(box)] detector \(detectorClass) \(score): \(labels)"
  }

  /// The upright image with each object's box and first label drawn, as PNG bytes.
  static func annotated(_ image: VisionImage, _ objects: [DetectedObject]) throws -> Data {
    let upright = try image.uprightImage().converted(to: .rgba8)
    let plane = upright.planes[0]
    var pixels = [UInt8]()
    pixels.reserveCapacity(upright.width * upright.height * 4)
    for row in 0..<upright.height {
      let start = row * plane.bytesPerRow
      pixels.append(contentsOf: plane.bytes[start..<(start + upright.width * 4)])
    }
    var annotator = Annotator(width: upright.width, height: upright.height, rgba: pixels)
    let scale = max(1, min(upright.width, upright.height) / 300)
    for (index, object) in objects.enumerated() {
      let color = Annotator.color(index)
      let frame = object.displayFrame
      annotator.box(
        x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width), height: Int(frame.height),
        color: color,
        thickness: max(2, scale))
      let caption = [
        object.trackingID.map { "#\($0)" },
        object.detectorClassName.isEmpty ? nil : object.detectorClassName,
        object.labels.first.map { "\($0.text) \(Int(($0.confidence * 100).rounded()))%" },
      ]
      .compactMap { $0 }.joined(separator: " ")
      if !caption.isEmpty {
        annotator.caption(
          caption, x: Int(frame.minX), y: max(0, Int(frame.minY) - 9 * scale), color: color,
          scale: scale)
      }
    }
    return Data(
      PNGEncoder.encode(
        width: upright.width, height: upright.height, pixels: annotator.rgba, layout: .rgba))
  }

  /// `out.png` → `out_3.png`.
  static func numbered(_ path: String, _ number: Int) -> String {
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().path
    return "\(stem)_\(number).\(url.pathExtension.isEmpty ? "png" : url.pathExtension)"
  }
}
