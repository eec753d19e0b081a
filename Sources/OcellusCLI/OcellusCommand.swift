import Foundation
import TFLiteModel

/// Dispatches `ocellus <command> …` to its implementation; returns the process exit status.
enum OcellusCommand {
  static let usage = """
    usage: ocellus <command> [options]

    commands:
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
    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      printError(usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "inspect", "run", "bench", "decode":
      do {
        switch command {
        case "inspect": return try InspectCommand.run(rest)
        case "run": return try RunCommand.run(rest)
        case "decode": return try DecodeCommand.run(rest)
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
