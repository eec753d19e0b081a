import Foundation
import TFLiteInterpreter
import TFLiteModel

/// `ocellus bench MODEL [--runs N] [--warmup N] [--threads N] [--input FILE.npy …] [--profile]
/// [--no-rewrites] [--json]`: load time, latency per run, arena size and peak resident memory; with
/// `--profile`, the time per operator (``OperatorProfile``) over as many more runs.
enum BenchCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json", "--profile", "--no-rewrites"],
      options: ["--runs", "--warmup", "--threads", "--input"])
    let path = try parsed.single("MODEL")
    let runs = try parsed.integer("--runs", minimum: 1, default: 50)
    let warmup = try parsed.integer("--warmup", minimum: 0, default: 5)
    let threads = try parsed.integer("--threads", minimum: 1, default: 1)
    let clock = ContinuousClock()

    let baseline = peakResidentBytes()
    let loadStart = clock.now
    let model = try ModelFile(contentsOfFile: path)
    let interpreter = try ModelInterpreter(
      model: model,
      options: InterpreterOptions(
        threadCount: threads, rewritesGraph: !parsed.flags.contains("--no-rewrites")))
    let loadTime = clock.now - loadStart
    let inputs = parsed.options["--input"] ?? []
    if inputs.isEmpty {
      try InputFeeder.fillSynthetic(interpreter)
    } else {
      _ = try InputFeeder.feed(inputs, to: interpreter)
    }
    for _ in 0..<warmup { try interpreter.invoke() }
    var times: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      try interpreter.invoke()
      times.append(milliseconds(clock.now - start))
    }
    times.sort()
    let median = (times[(times.count - 1) / 2] + times[times.count / 2]) / 2
    let memory = peakResidentBytes()
    let profile =
      parsed.flags.contains("--profile")
      ? try OperatorProfile(model: model, interpreter: interpreter, runs: runs) : nil
    if parsed.flags.contains("--json") {
      let report: JSONValue = .fields(
        [
          ("model", .string(path)),
          ("threads", .int(threads)),
          ("runs", .int(runs)),
          ("warmup", .int(warmup)),
          ("input", inputs.isEmpty ? .string("synthetic") : .array(inputs.map(JSONValue.string))),
          ("load_ms", .double(rounded(milliseconds(loadTime)))),
          ("median_ms", .double(rounded(median))),
          ("min_ms", .double(rounded(times.first ?? 0))),
          ("max_ms", .double(rounded(times.last ?? 0))),
          ("arena_bytes", .int(interpreter.arenaBytes)),
          ("peak_rss_bytes", .int(memory)),
          ("baseline_rss_bytes", .int(baseline)),
        ] + (profile.map { [("profile", $0.json)] } ?? []))
      print(report.serialized())
    } else {
      print(
        """
        \(path): \(threads) thread(s), \(runs) runs after \(warmup) warm-up, \(inputs.isEmpty ? "synthetic input" : "given input")
          load     \(rounded(milliseconds(loadTime))) ms (read, verify, prepare)
          latency  median \(rounded(median)) ms, min \(rounded(times.first ?? 0)) ms, max \(rounded(times.last ?? 0)) ms
          memory   arena \(interpreter.arenaBytes) bytes, peak resident \(memory) bytes (\(memory - baseline) over the \(baseline) before loading)
        """)
      if let profile { print(profile.text) }
    }
    return 0
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    TimingSamples.milliseconds(duration)
  }

  /// Milliseconds to the microsecond.
  private static func rounded(_ value: Double) -> Double { TimingSamples.rounded(value) }

  /// The process's peak resident set size, in bytes (`getrusage`; kilobytes on Linux, bytes on Darwin).
  private static func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #else
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss) * 1024
    #endif
  }
}
