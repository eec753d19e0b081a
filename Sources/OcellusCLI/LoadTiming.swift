import TFLiteModel

/// Measures how long loading a model takes: reading the file, and parsing the bytes already in
/// memory (verification and decoding of the FlatBuffer, metadata and zip directory). Times are
/// medians over `runs` loads, in milliseconds.
enum LoadTiming {
  static func measure(path: String, runs: Int = 50) -> JSONValue {
    let clock = ContinuousClock()
    var readTimes: [Double] = []
    var parseTimes: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      guard let bytes = try? FileReader.read(path, maxBytes: Int.max) else { return .null }
      let read = clock.now
      guard let model = try? ModelFile(bytes: bytes) else { return .null }
      // Stop the clock while the model is still alive: freeing it is not part of loading.
      let parsed = withExtendedLifetime(model) { clock.now }
      readTimes.append(milliseconds(read - start))
      parseTimes.append(milliseconds(parsed - read))
    }
    return .fields([
      ("runs", .int(runs)),
      ("read_ms_median", .double(median(readTimes))),
      ("parse_ms_median", .double(median(parseTimes))),
      ("parse_ms_min", .double(TimingSamples.rounded(parseTimes.min() ?? 0))),
    ])
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    TimingSamples.milliseconds(duration)
  }

  private static func median(_ values: [Double]) -> Double {
    TimingSamples.rounded(TimingSamples(values: values).median)
  }
}
