/// One operator the interpreter runs, with the element types it runs on: what `ocellus ops`
/// prints and Docs/OPERATORS.md shows.
///
/// ``all`` lists exactly the operators the kernel registry holds (``registeredOperators``: the
/// builtin operators by schema name, then the custom ones as `CUSTOM:<code>`); the types and
/// notes come from a hand-written catalog (``catalog``) read off each kernel's factory. Tests
/// keep the two in step: the catalog names every registered operator and no other, and every
/// operator of every test and shared model runs on a type its entry lists.
///
/// ``types`` are the types of the operator's data: its first input, except for
/// `TRANSPOSE_CONV` (the image, input 2), `EMBEDDING_LOOKUP` (the table, input 1),
/// `ASSIGN_VARIABLE` (the value, input 1) and `READ_VARIABLE` (the value read, output 0). An
/// operator's other operands (indices, axes, shapes, conditions) have their own rules, which
/// ``notes`` sums up where it matters. ``ElementType/hybrid`` means float32 data with int8 (or
/// uint8) weights, dequantized on the fly. Types beyond ``ElementType`` are named in the notes:
/// operators that move bytes or pass values on say ``anyFixedSizeNote`` (uint16, uint32,
/// float64, … run too), WHERE says `uint32 too`.
public struct OperatorSupport: Sendable, Equatable {
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

  /// The operator as `OperatorCode.name` spells it: `CONV_2D`,
  /// `CUSTOM:TFLite_Detection_PostProcess`.
  public let name: String
  /// The element types it runs on, in ``ElementType`` order; empty for operators without data
  /// (`VAR_HANDLE`, `CALL_ONCE`).
  public let types: [ElementType]
  /// What else limits it, in a few words (`constant axis`, `16x8`); may be empty.
  public let notes: String

  /// The note of operators that run on every fixed-size type, beyond the listed ones too.
  public static let anyFixedSizeNote = "any fixed-size type"

  /// An entry; `types` are put in ``ElementType`` order.
  public init(_ name: String, _ types: [ElementType], _ notes: String = "") {
    self.name = name
    self.types = types.sorted()
    self.notes = notes
  }

  /// Every operator with a kernel, in ``registeredOperators`` order, with its catalog entry (an
  /// operator the catalog lacks is listed without types and says so).
  public static let all: [OperatorSupport] = {
    let entries = Dictionary(catalog.map { ($0.name, $0) }) { first, _ in first }
    return registeredOperators.map {
      entries[$0] ?? OperatorSupport($0, [], "element types not catalogued")
    }
  }()

  /// The operators the kernel registry holds: the builtin operators sorted by name, then the
  /// custom ones as `CUSTOM:<code>`.
  public static var registeredOperators: [String] { KernelRegistry.operatorNames }
}
