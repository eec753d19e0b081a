import TFLiteModel

/// One operator a kernel family registers with ``KernelRegistry``: the factory that builds the
/// operator's kernel for a node, and the catalog entry read off that factory (``support``):
/// which kernel type it returns for which element types, and what else limits it.
///
/// Families list theirs as `static let registrations`; the catalog (`ocellus ops`,
/// Docs/OPERATORS.md) is made from these lists, and `OperatorSupportTests` checks each entry
/// against models that run it.
struct KernelRegistration: Sendable {
  /// The builtin operator, or nil for a custom one.
  let builtin: BuiltinOperator?
  /// The custom code of a custom operator, or nil for a builtin one.
  let customCode: String?
  /// Builds the kernel of one node.
  let factory: KernelFactory
  /// What the catalog says of the operator.
  let support: OperatorSupport

  /// A builtin operator run by `kernels` (each for its element types, of operand `data`).
  init(
    _ builtin: BuiltinOperator, data: OperatorSupport.DataOperand = .firstInput,
    notes: String = "", _ kernels: [KernelVariant], file: String = #filePath,
    factory: @escaping KernelFactory
  ) {
    self.builtin = builtin
    customCode = nil
    self.factory = factory
    support = OperatorSupport(
      builtin.name, kernels: kernels, data: data, notes: notes, factoryFile: file)
  }

  /// A builtin operator run by one kernel type on `types` (of operand `data`).
  init<K: Kernel>(
    _ builtin: BuiltinOperator, _ kernel: K.Type, _ types: [OperatorSupport.ElementType],
    data: OperatorSupport.DataOperand = .firstInput, notes: String = "",
    file: String = #filePath, factory: @escaping KernelFactory
  ) {
    self.init(
      builtin, data: data, notes: notes, [KernelVariant(kernel, types)], file: file,
      factory: factory)
  }

  /// The custom operator `code` (named `CUSTOM:<code>`).
  init(
    custom code: String, notes: String = "", _ kernels: [KernelVariant],
    file: String = #filePath, factory: @escaping KernelFactory
  ) {
    builtin = nil
    customCode = code
    self.factory = factory
    support = OperatorSupport(
      "CUSTOM:\(code)", kernels: kernels, data: .firstInput, notes: notes, factoryFile: file)
  }

  /// A builtin operator that `kernel` runs on every fixed-size type (it moves bytes or passes
  /// values on): ``OperatorSupport/ElementType/fixedSize``, with a note saying that further
  /// types (uint16, uint32, float64, …) run too.
  static func anyFixedSize<K: Kernel>(
    _ builtin: BuiltinOperator, _ kernel: K.Type, data: OperatorSupport.DataOperand = .firstInput,
    notes: String = "", file: String = #filePath, factory: @escaping KernelFactory
  ) -> KernelRegistration {
    let note = OperatorSupport.anyFixedSizeNote
    return KernelRegistration(
      builtin, data: data, notes: notes.isEmpty ? note : "\(note); \(notes)",
      [KernelVariant(kernel, OperatorSupport.ElementType.fixedSize)], file: file,
      factory: factory)
  }
}
