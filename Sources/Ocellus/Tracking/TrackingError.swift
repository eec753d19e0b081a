/// Why a stream-mode frame was refused by the tracker.
public enum TrackingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Stream-mode timestamps must increase strictly from frame to frame (milliseconds).
  case timestampNotIncreasing(previous: Int64, given: Int64)

  public var description: String {
    switch self {
    case .timestampNotIncreasing(let previous, let given):
      "stream-mode timestamps must increase strictly: got \(given) ms after \(previous) ms"
    }
  }
}
