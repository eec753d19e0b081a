/// How a reduction combines the elements it reduces (TFLite's reference semantics).
enum ReduceOperation {
  /// Sum in index order, then divided by the number of reduced elements; NaN where the input
  /// is empty.
  case mean
  /// Sum in index order (0 for no elements).
  case sum
  /// Product in index order (1 for no elements): REDUCE_PROD.
  case product
  /// `in > current ? in : current`, starting from the lowest float (NaN is skipped).
  case maximum
  /// `in < current ? in : current`, starting from the largest float (NaN is skipped).
  case minimum

  /// The dimensions of `input` after dropping 1s and merging neighbours that are both kept or
  /// both reduced (`axes`), outermost first; one kept dimension of 1 when nothing is left.
  static func mergedDimensions(_ input: [Int], reducing axes: Set<Int>) -> [(
    size: Int, reduced: Bool
  )] {
    var merged: [(size: Int, reduced: Bool)] = []
    for (axis, size) in input.enumerated() where size != 1 {
      let isReduced = axes.contains(axis)
      if let last = merged.last, last.reduced == isReduced {
        merged[merged.count - 1].size *= size
      } else {
        merged.append((size, isReduced))
      }
    }
    return merged.isEmpty ? [(1, false)] : merged
  }

  /// The accumulator's starting value.
  var initial: Float {
    switch self {
    case .mean, .sum: 0
    case .product: 1
    case .maximum: -.greatestFiniteMagnitude
    case .minimum: .greatestFiniteMagnitude
    }
  }

  /// Folds `value` into `current`.
  @inline(__always)
  func combine(_ current: Float, _ value: Float) -> Float {
    switch self {
    case .mean, .sum: return current + value
    case .product: return current * value
    case .maximum: return value > current ? value : current
    case .minimum: return value < current ? value : current
    }
  }

  /// Folds eight values into eight accumulators, lane by lane.
  @inline(__always)
  func combine(_ current: VectorMath.Vector, _ value: VectorMath.Vector) -> VectorMath.Vector {
    switch self {
    case .mean, .sum: return current + value
    case .product: return current * value
    case .maximum: return current.replacing(with: value, where: value .> current)
    case .minimum: return current.replacing(with: value, where: value .< current)
    }
  }
}
