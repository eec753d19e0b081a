/// Durations of repeated runs, in milliseconds: what `bench`, `decode --runs`, `detect --runs`
/// and `track --timing` report.
struct TimingSamples {
  /// The durations in the order measured, in milliseconds.
  private(set) var values: [Double]

  /// Samples holding `values` (milliseconds).
  init(values: [Double] = []) { self.values = values }

  /// Runs `body` once and records how long it took.
  mutating func time<T>(_ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    append(clock.now - start)
    return result
  }

  /// Records one duration.
  mutating func append(_ duration: Duration) { values.append(Self.milliseconds(duration)) }

  /// The median (the mean of the two middle values for an even count); 0 when empty.
  var median: Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
  }
  /// The smallest duration; 0 when empty.
  var min: Double { values.min() ?? 0 }
  /// The largest duration; 0 when empty.
  var max: Double { values.max() ?? 0 }

  /// `duration` in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }

  /// Milliseconds rounded to the microsecond, for printing.
  static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
