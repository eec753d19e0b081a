/// Which model output (by position in the subgraph's outputs) holds each detector role.
///
/// Roles left nil are resolved by ``DetectionHead`` from the output sizes and values at run
/// time (see ``DetectionMappingMethod``).
public struct DetectionOutputMapping: Sendable, Equatable {
  /// Position of the boxes output.
  public var location: Int?
  /// Position of the class-index output.
  public var category: Int?
  /// Position of the scores output.
  public var score: Int?
  /// Position of the detection-count output.
  public var count: Int?
  /// How the positions were found.
  public var method: DetectionMappingMethod

  /// Creates a mapping.
  public init(
    location: Int?, category: Int?, score: Int?, count: Int?, method: DetectionMappingMethod
  ) {
    self.location = location
    self.category = category
    self.score = score
    self.count = count
    self.method = method
  }

  /// True when all four roles have a position.
  public var isComplete: Bool {
    location != nil && category != nil && score != nil && count != nil
  }

  /// The position of `role`, if known.
  public func position(of role: DetectionOutputRole) -> Int? {
    switch role {
    case .location: return location
    case .category: return category
    case .score: return score
    case .count: return count
    }
  }
}
