import TFLiteModel

/// One operator of ``KernelCatalog``: the factory that builds the operator's kernel for a
/// node, and the catalog entry (``support``): which kernel type the factory returns for which
/// element types, and what else limits it.
///
/// The catalog (`ocellus ops`, Docs/OPERATORS.md) is made from these, and
/// `OperatorSupportTests` checks each entry against models that run it.
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
    notes: String = "", _ kernels: [KernelVariant],
    factory: @escaping KernelFactory
  ) {
    self.builtin = builtin
    customCode = nil
    self.factory = factory
    support = OperatorSupport(
      builtin.name, kernels: kernels, data: data, notes: notes)
  }

  /// A builtin operator run by one kernel type on `types` (of operand `data`).
  init<K: Kernel>(
    _ builtin: BuiltinOperator, _ kernel: K.Type, _ types: [OperatorSupport.ElementType],
    data: OperatorSupport.DataOperand = .firstInput, notes: String = "",
    factory: @escaping KernelFactory
  ) {
    self.init(
      builtin, data: data, notes: notes, [KernelVariant(kernel, types)], factory: factory)
  }

  /// The custom operator `code` (named `CUSTOM:<code>`).
  init(
    custom code: String, notes: String = "", _ kernels: [KernelVariant],
    factory: @escaping KernelFactory
  ) {
    builtin = nil
    customCode = code
    self.factory = factory
    support = OperatorSupport(
      "CUSTOM:\(code)", kernels: kernels, data: .firstInput, notes: notes)
  }

  /// A builtin operator that `kernel` runs on every fixed-size type (it moves bytes or passes
  /// values on): ``OperatorSupport/ElementType/fixedSize``, with a note saying that further
  /// types (uint16, uint32, float64, …) run too.
  static func anyFixedSize<K: Kernel>(
    _ builtin: BuiltinOperator, _ kernel: K.Type, data: OperatorSupport.DataOperand = .firstInput,
    notes: String = "", factory: @escaping KernelFactory
  ) -> KernelRegistration {
    let note = OperatorSupport.anyFixedSizeNote
    return KernelRegistration(
      builtin, data: data, notes: notes.isEmpty ? note : "\(note); \(notes)",
      [KernelVariant(kernel, OperatorSupport.ElementType.fixedSize)], factory: factory)
  }
}
