extension OperatorSupport {
  /// An element type an operator runs on.
  public enum ElementType: String, Sendable, CaseIterable, Comparable {
    case float32
    case float16
    case int8
    case uint8
    case int16
    case int32
    case int64
    case bool
    /// float32 activations with int8 (or uint8) weights.
    case hybrid

    /// Every type of a fixed size: what operators that only move bytes accept.
    public static let fixedSize: [ElementType] = [
      .float32, .float16, .int8, .uint8, .int16, .int32, .int64, .bool,
    ]

    /// In declaration order: float32 first, hybrid last.
    public static func < (lhs: ElementType, rhs: ElementType) -> Bool { lhs.rank < rhs.rank }

    /// The position in ``allCases``.
    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
  }
}
