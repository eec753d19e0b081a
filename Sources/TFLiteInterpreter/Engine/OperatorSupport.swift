/// One operator the interpreter runs: the kernel types that run it, each with the element types
/// it is chosen for — what `ocellus ops` prints and Docs/OPERATORS.md shows.
///
/// ``all`` is made from the kernel registry's own registrations (`KernelCatalog`: each
/// operator with its factory, kernels and notes), so it holds exactly the operators a model can
/// use. The first kernel's file holds the factory that picks among them.
/// `OperatorSupportTests` runs a model for every (operator, element type) pair and checks that
/// the node runs on the kernel listed for it.
///
/// ``types`` are the types of the operator's ``data`` operand (its first input for most).
/// An operator's other operands (indices, axes, shapes, conditions) have their own rules, which
/// ``notes`` sums up where it matters. ``ElementType/hybrid`` means float32 data with int8 (or
/// uint8) weights, dequantized on the fly. Types beyond ``ElementType`` are named in the notes:
/// operators that move bytes or pass values on say ``anyFixedSizeNote`` (uint16, uint32,
/// float64, … run too), WHERE says `uint32 too`.
public struct OperatorSupport: Sendable, Equatable {
  /// The operator as `OperatorCode.name` spells it: `CONV_2D`,
  /// `CUSTOM:TFLite_Detection_PostProcess`.
  public let name: String
  /// The kernel types that run it, in the order its factory tries them.
  public let kernels: [KernelVariant]
  /// Every element type some kernel runs, in ``ElementType`` order; empty for operators
  /// without data (`VAR_HANDLE`, `CALL_ONCE`).
  public let types: [ElementType]
  /// The operand whose type ``types`` lists.
  public let data: DataOperand
  /// What else limits it, in a few words (`constant axis`, `16x8`); may be empty.
  public let notes: String

  /// The file that registers every operator (`KernelCatalog`), from the package root.
  public static let catalogFile = KernelVariant.packagePath(KernelCatalog.sourceFile)

  /// The note of operators that run on every fixed-size type, beyond the listed ones too.
  public static let anyFixedSizeNote = "any fixed-size type"

  /// An entry; ``types`` is the union of the kernels' types.
  init(
    _ name: String, kernels: [KernelVariant], data: DataOperand, notes: String
  ) {
    self.name = name
    self.kernels = kernels
    self.types = Set(kernels.flatMap(\.types)).sorted()
    self.data = data
    self.notes = notes
  }

  /// Every operator with a kernel: the builtin operators sorted by name, then the custom ones
  /// as `CUSTOM:<code>`.
  public static let all: [OperatorSupport] = KernelRegistry.registrations.map(\.support)

  /// The kernels listed for `type`, in ``kernels`` order.
  public func kernels(for type: ElementType) -> [KernelVariant] {
    kernels.filter { $0.types.contains(type) }
  }

  /// Merges the catalog's sections listed by `sectionIndices` (indices into its section list,
  /// repeats allowed) as the registry does: throws
  /// ``InterpreterError/duplicateKernel(operator:)`` when two register one operator. Nil
  /// indices merge every section once, as every model load does.
  package static func mergeRegistry(sectionIndices: [Int]? = nil) throws(InterpreterError) {
    let sections = KernelCatalog.sections
    let chosen = sectionIndices.map { $0.map { sections[$0] } } ?? sections
    _ = try KernelRegistry.Tables(chosen)
  }
}
