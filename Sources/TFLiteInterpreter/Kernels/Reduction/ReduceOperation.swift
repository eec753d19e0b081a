/// How a reduction combines the elements it reduces (TFLite's reference semantics).
enum ReduceOperation {
  /// Sum in index order, then divided by the number of reduced elements; NaN where the input
  /// is empty.
  case mean
  /// Sum in index order (0 for no elements).
  case sum
  /// `in > current ? in : current`, starting from the lowest float (NaN is skipped).
  case maximum
  /// `in < current ? in : current`, starting from the largest float (NaN is skipped).
  case minimum

  /// The accumulator's starting value.
  var initial: Float {
    switch self {
    case .mean, .sum: return 0
    case .maximum: return -.greatestFiniteMagnitude
    case .minimum: return .greatestFiniteMagnitude
    }
  }

  /// Folds `value` into `current`.
  @inline(__always)
  func combine(_ current: Float, _ value: Float) -> Float {
    switch self {
    case .mean, .sum: return current + value
    case .maximum: return value > current ? value : current
    case .minimum: return value < current ? value : current
    }
  }

  /// Folds eight values into eight accumulators, lane by lane.
  @inline(__always)
  func combine(_ current: VectorMath.Vector, _ value: VectorMath.Vector) -> VectorMath.Vector {
    switch self {
    case .mean, .sum: return current + value
    case .maximum: return current.replacing(with: value, where: value .> current)
    case .minimum: return current.replacing(with: value, where: value .< current)
    }
  }
}
