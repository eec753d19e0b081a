import Foundation
import Ocellus
import OcellusDefaultModels
import TFLiteModel

/// `ocellus label IMAGE… [--model M | --automl MANIFEST] [--threshold T] [--max-results N]
/// [--json]`: labels each image with a custom classifier, an AutoML Vision Edge bundle or, with
/// neither, the built-in ImageNet classifier, as ML Kit's `ImageLabeler` does (inclusive
/// threshold; for a model the metadata's threshold, else 0, when none is given; 0.5 for the
/// built-in classifier, whose results have no count limit unless `--max-results` gives one).
/// Images are turned upright by their EXIF orientation first.
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
    var options: CustomImageLabelerOptions
    switch (parsed.value("--model"), parsed.value("--automl")) {
    case (let model?, nil):
      options = CustomImageLabelerOptions(
        localModel: try LocalModel(path: model), confidenceThreshold: threshold,
        maxResultCount: maxResults)
    case (nil, let manifest?):
      options = CustomImageLabelerOptions(
        localModel: try AutoMLImageLabelerLocalModel(manifestPath: manifest),
        confidenceThreshold: threshold, maxResultCount: maxResults)
    case (nil, nil):
      // The built-in classifier: every class at or above the threshold unless capped.
      options = try BaseImageLabelerOptions(
        confidenceThreshold: threshold, builtInModels: try DefaultModels.builtInModels()
      ).customImageLabelerOptions()
      if parsed.value("--max-results") != nil { options.maxResultCount = maxResults }
    default:
      throw ParsedArguments.UsageError(description: "--model and --automl exclude each other")
    }
    options.threadCount = threads
    if let normalization = try parsed.normalization("--normalize") {
      options.modelOptions.normalization = normalization
    }
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
