import Foundation
import Ocellus
import TFLiteModel

/// `ocellus label IMAGE… (--model M | --automl MANIFEST) [--threshold T] [--max-results N]
/// [--json]`: labels each image with a custom classifier or an AutoML Vision Edge bundle, as
/// ML Kit's `ImageLabeler` does (inclusive threshold; the model's metadata threshold, else 0,
/// when none is given). Images are turned upright by their EXIF orientation first.
enum LabelCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json"],
      options: [
        "--model", "--automl", "--threshold", "--max-results", "--threads", "--normalize",
      ])
    let images = try parsed.several("IMAGE")
    let threshold = try parsed.number("--threshold", in: 0...1)
    let maxResults = try parsed.integer("--max-results", minimum: 1, default: 10)
    let threads = try parsed.integer("--threads", minimum: 1, default: 1)
    let source: any ClassifierModelSource
    switch (parsed.value("--model"), parsed.value("--automl")) {
    case (let model?, nil): source = try LocalModel(path: model)
    case (nil, let manifest?): source = try AutoMLImageLabelerLocalModel(manifestPath: manifest)
    case (nil, nil):
      guard let model = DefaultModels.classifier else {
        throw ParsedArguments.UsageError(
          description: "give --model M or --automl MANIFEST (no default classifier in Models/)")
      }
      source = try LocalModel(path: model)
    default:
      throw ParsedArguments.UsageError(description: "--model and --automl exclude each other")
    }
    var options = CustomImageLabelerOptions(
      localModel: source, confidenceThreshold: threshold, maxResultCount: maxResults,
      threadCount: threads)
    options.modelOptions.normalization = try parsed.normalization("--normalize")
    let labeler = try ImageLabeler(options: options)
    var documents: [JSONValue] = []
    var progress = ProgressLine(
      total: images.count, resultsAtEnd: parsed.flags.contains("--json"))
    for (index, path) in images.enumerated() {
      progress.show(index, path)
      let labels = try labeler.results(in: VisionImage(contentsOfFile: path))
      if parsed.flags.contains("--json") {
        documents.append(
          .fields([
            ("file", .string(path)),
            ("labels", .array(labels.map(Self.json))),
          ]))
      } else {
        print(path)
        if labels.isEmpty { print("  (no label at or above \(labeler.confidenceThreshold))") }
        for label in labels {
          print(
            "  \(String(format: "%.4f", label.confidence))  \(label.text.isEmpty ? "#\(label.index)" : label.text) (\(label.index))"
          )
        }
      }
    }
    progress.finish()
    if parsed.flags.contains("--json") {
      print(
        JSONValue.fields([
          ("threshold", .float(labeler.confidenceThreshold)), ("images", .array(documents)),
        ]).serialized())
    }
    return 0
  }

  static func json(_ label: ImageLabel) -> JSONValue {
    .fields([
      ("text", .string(label.text)), ("index", .int(label.index)),
      ("confidence", .float(label.confidence)),
    ])
  }
}
