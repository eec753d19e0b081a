import Foundation
import TFLiteModel

/// Dispatches `ocellus <command> …` to its implementation; returns the process exit status.
enum OcellusCommand {
  static let usage = """
    usage: ocellus <command> [options]

    commands:
      demo [--output DIR]
          The whole pipeline on the project's own models and samples in Models/ (run from
          the repository root): labels the digit pictures, detects and classifies the
          scenes, tracks the frame sequence; writes annotated PNGs and report.json to DIR
          (default ocellus-demo).

      inspect MODEL [--json] [--timing]
          Summarize a .tflite model (or an AutoML manifest.json): operators, inputs and
          outputs with shape, type and quantization, custom options, metadata (labels,
          normalization, thresholds, calibration, boxes) and associated files.
          --json    print a stable JSON document instead of text
          --timing  also measure reading and parsing (median of 50 loads)

      run MODEL --input FILE.npy [--input NAME=FILE.npy …] --output-dir DIR [--threads N]
                [--dump-tensors DIR]
          Run the model on NumPy inputs (by position, or by input tensor name) and write
          each output as DIR/out0.npy, out1.npy, … With --dump-tensors, also write every
          tensor the run computes, named <tensor index>_<name>.npy: the audit trail.

      bench MODEL [--runs N] [--warmup N] [--threads N] [--input FILE.npy …] [--json]
          Time the model: load time, median/min/max latency per run, arena bytes and
          peak resident memory, on synthetic input unless --input is given.

      decode IMAGE [-o OUT.png] [--upright] [--rgba OUT.rgba] [--json] [--runs N]
          Decode a PNG, JPEG or BMP file (recognized by content) and write it as PNG
          and/or raw RGBA bytes. --upright applies the EXIF orientation first; --runs N
          also times N decodes (median and minimum in ms).

      label IMAGE… [--model M | --automl MANIFEST] [--threshold T] [--max-results N] [--json]
          Label images with a custom classifier (or an AutoML Vision Edge bundle), as ML
          Kit's ImageLabeler: labels at or above the threshold (default: the model's
          metadata threshold, else 0), best first. Example:
            ocellus label ../shared/images/sparrow.png --model ../shared/models/mlkit_bird_classifier.tflite

      detect IMAGE… [--detector M] [--classifier M] [--multiple] [--threshold T]
             [--detection-threshold T] [--max-labels N] [--padding F] [--json] [--annotate OUT.png]
          Single-image object detection: boxes (upright pixels) from an SSD detector used
          class-agnostically, labelled by the custom classifier on each crop, or by the
          base detector's coarse categories without one. One object (the most prominent)
          unless --multiple (at most 5). --annotate draws boxes and labels into a PNG.

      track FRAME… [--fps F] [--detector M] [--classifier M] [--json] [--annotate DIR]
          Stream mode over ordered frames (timestamps i × 1000 / fps ms, default 30 fps):
          tracking IDs stay with objects across frames; one line (JSON with --json) per frame.
    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      printError(usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "inspect", "run", "bench", "decode", "label", "detect", "track", "demo":
      do {
        switch command {
        case "inspect": return try InspectCommand.run(rest)
        case "run": return try RunCommand.run(rest)
        case "decode": return try DecodeCommand.run(rest)
        case "label": return try LabelCommand.run(rest)
        case "detect": return try DetectCommand.run(rest)
        case "track": return try TrackCommand.run(rest)
        case "demo": return try DemoCommand.run(rest)
        default: return try BenchCommand.run(rest)
        }
      } catch let error as ParsedArguments.UsageError {
        printError("ocellus \(command): \(error)\n\n\(usage)")
        return 2
      } catch {
        printError("ocellus \(command): \(error)")
        return 1
      }
    case "help", "--help", "-h":
      print(usage)
      return 0
    default:
      printError("ocellus: unknown command \"\(command)\"\n\n\(usage)")
      return 2
    }
  }

  /// Writes a line to standard error.
  static func printError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    FileHandle.standardError.write(Data(line.utf8))
  }
}
