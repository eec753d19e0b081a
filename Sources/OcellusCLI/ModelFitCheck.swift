import Ocellus
import TFLiteModel

/// `ocellus inspect MODEL --as classifier|detector`: validates the model for a task with the
/// same rules the labeler and detector apply when they are created (BEHAVIOR.md A.2–A.5, C.2), so a
/// model can be checked before it is used.
enum ModelFitCheck {
  /// The task a model is checked for.
  enum Task: String {
    case classifier
    case detector

    /// "an image classifier", "an object detector".
    var title: String { self == .classifier ? "an image classifier" : "an object detector" }
  }

  /// Whether the model (or AutoML bundle) at `path` fits `task`: a summary of what was found,
  /// or every broken rule.
  /// `normalization` replaces the model's (as `--normalize` does for the labeler and detector).
  static func check(
    path: String, isManifest: Bool, as task: Task, normalization: ImageNormalization? = nil
  ) -> (
    fits: Bool, summary: [String], problems: [String]
  ) {
    do throws(ModelValidationError) {
      switch task {
      case .classifier:
        let source: any ClassifierModelSource =
          isManifest
          ? try AutoMLImageLabelerLocalModel(manifestPath: path) : try LocalModel(path: path)
        let description = try source.classifierDescription(
          options: ClassifierModelOptions(normalization: normalization), outputShapes: nil)
        var summary = [input(description.input)]
        for head in description.heads {
          let labels =
            head.labels.isEmpty ? "no labels (index-only)" : "\(head.labels.count) labels"
          let threshold = head.metadataScoreThreshold.map { ", metadata threshold \($0)" } ?? ""
          summary.append(
            "output \"\(head.tensor.name)\": \(head.classCount) classes \(head.elementType), \(labels)\(threshold)"
          )
        }
        return (true, summary + description.notes, [])
      case .detector:
        guard !isManifest else {
          return (false, [], ["an AutoML bundle is an image classifier, not a detector"])
        }
        let description = try LocalModel(path: path).detectorDescription(
          options: DetectorModelOptions(normalization: normalization))
        let labels =
          description.labels.isEmpty ? "no labels" : "\(description.labels.count) labels"
        let threshold = description.metadataScoreThreshold.map { ", metadata threshold \($0)" }
        var summary = [input(description.input)]
        if let yolo = description.yolo {
          summary.append(
            "output \"\(yolo.tensor.name)\": YOLO \(yolo.layout.rawValue), \(yolo.boxCount) boxes × \(yolo.classCount) classes \(yolo.elementType), \(labels)\(threshold ?? ""); image fitted by \(description.fit)"
          )
        } else {
          summary.append(
            "outputs: \(description.outputs.count) (boxes, classes, scores, count), \(labels)\(threshold ?? "")"
          )
        }
        return (true, summary + description.notes, [])
      }
    } catch {
      return (
        false, [], error.all.map { CommandLineWording.rewrite($0.description, command: "inspect") }
      )
    }
  }

  private static func input(_ input: ImageInputDescription) -> String {
    let packing: String
    switch input.packing {
    case .rawBytes: packing = "pixels as raw bytes"
    case .shiftedBytes: packing = "pixels − 128"
    case .normalizedFloats(let n): packing = "(pixel − mean) / std, \(n)"
    case .quantized(let n, let q): packing = "normalized \(n) then quantized \(q)"
    }
    return
      "input \"\(input.tensor.name)\": \(input.width)×\(input.height)×\(input.channels) \(input.elementType), \(packing)"
  }
}
