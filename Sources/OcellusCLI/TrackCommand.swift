import Foundation
import Ocellus
import TFLiteModel

/// `ocellus track FRAME… [--fps F] [--detector M] [--classifier M] [--json] [--annotate DIR]`:
/// stream-mode detection over ordered frames (timestamps `i × 1000 / fps` ms), printing one
/// line per frame — one JSON document per line with `--json`.
enum TrackCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json", "--timing"],
      options: DetectCommand.detectorOptions.union(["--fps", "--annotate"]))
    let frames = try parsed.several("FRAME")
    let fps = try parsed.number("--fps", in: 0.001...10_000) ?? 30
    let detector = try DetectCommand.makeDetector(parsed, mode: .stream)
    if let directory = parsed.value("--annotate") {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    var progress = ProgressLine(total: frames.count, resultsAtEnd: false)
    var decoding = TimingSamples()
    var detecting = TimingSamples()
    for (index, path) in frames.enumerated() {
      progress.show(index, path)
      var image = try decoding.time { try VisionImage(contentsOfFile: path) }
      let timestamp = Int64((Double(index) * 1000 / Double(fps)).rounded())
      image.timestampMilliseconds = timestamp
      let objects = try detecting.time { try detector.results(in: image) }
      if parsed.flags.contains("--json") {
        print(
          JSONValue.fields([
            ("frame", .int(index)), ("file", .string(path)), ("timestamp_ms", .int(Int(timestamp))),
            ("objects", .array(objects.map { DetectCommand.json($0) })),
          ]).singleLine)
      } else {
        let summary = objects.map { DetectCommand.text($0) }.joined(separator: "; ")
        print(
          "frame \(index) (\(timestamp) ms) \(path): \(objects.isEmpty ? "no objects" : summary)")
      }
      if let directory = parsed.value("--annotate") {
        let name = String(format: "frame_%04d.png", index)
        try DetectCommand.annotated(image, objects).write(
          to: URL(fileURLWithPath: directory + "/" + name))
      }
    }
    progress.finish()
    if parsed.flags.contains("--timing") {
      OcellusCommand.printError(
        "timing: \(frames.count) frames; per frame: decode median"
          + " \(TimingSamples.rounded(decoding.median)) ms, detection, classification and tracking"
          + " median \(TimingSamples.rounded(detecting.median)) ms (min"
          + " \(TimingSamples.rounded(detecting.min)) ms, max \(TimingSamples.rounded(detecting.max)) ms)"
      )
    }
    return 0
  }
}
