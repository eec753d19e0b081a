import TFLiteModel

/// Builds the kernel for one node, or throws why it cannot run (an ``InterpreterError``).
///
/// Untyped so that factories can be written as plain closures; the plan builder turns any
/// other error into ``InterpreterError/invalidNode(name:node:reason:)``.
typealias KernelFactory = @Sendable (inout NodeContext) throws -> any Kernel

/// Which kernel runs which operator: builtin operators by code (every version), custom ones by
/// name. Each operator family lists its own factories; this is the one place they meet, and
/// two registrations for one operator make the registry — and so every model load — fail
/// with ``InterpreterError/duplicateKernel(operator:)`` instead of one silently hiding the
/// other.
enum KernelRegistry {
  /// The factory for an operator code, or nil when it is not supported.
  static func factory(for code: OperatorCode) throws(InterpreterError) -> KernelFactory? {
    let tables = try shared.get()
    let registration =
      code.isCustom ? tables.custom[code.customCode ?? ""] : tables.builtins[code.builtinCode]
    return registration?.factory
  }

  /// Every registration: the builtin operators sorted by name (`ABS`, `ADD`, …), then the
  /// custom ones (`CUSTOM:<code>`) sorted by code. Read from the merged tables, so it is exactly
  /// what a model can use; empty when the registry is broken (an operator registered twice,
  /// which fails every load).
  static var registrations: [KernelRegistration] {
    guard let tables = try? shared.get() else { return [] }
    return tables.builtins.values.sorted { $0.support.name < $1.support.name }
      + tables.custom.values.sorted { $0.support.name < $1.support.name }
  }

  /// The registry of this process, built once.
  private static let shared = Result { () throws(InterpreterError) in
    try Tables(families)
  }

  /// Every family's registrations.
  static let families: [[KernelRegistration]] =
    [
      BinaryKernel.registrations,
      PowerKernel.registrations,
      AddNKernel.registrations,
      UnaryMathKernel.registrations,
      ComparisonKernel.registrations,
      LogicalKernel.registrations,
      ConvolutionKernel.registrations,
      DepthwiseConvolutionKernel.registrations,
      FullyConnectedKernel.registrations,
      ActivationKernel.registrations,
      PReluKernel.registrations,
      SoftmaxKernel.registrations,
      LogSoftmaxKernel.registrations,
      L2NormalizationKernel.registrations,
      LocalResponseNormalizationKernel.registrations,
      PoolKernel.registrations,
      ReduceKernel.registrations,
      ResizeBilinearKernel.registrations,
      ResizeNearestNeighborKernel.registrations,
      DequantizeKernel.registrations,
      CastKernel.registrations,
      ArgMinMaxKernel.registrations,
      QuantizeKernel.registrations,
      DensifyKernel.registrations,
      IfKernel.registrations,
      WhileKernel.registrations,
      CallOnceKernel.registrations,
      VarHandleKernel.registrations,
      ReadVariableKernel.registrations,
      AssignVariableKernel.registrations,
      BatchMatMulKernel.registrations,
      TransposeConvolutionKernel.registrations,
      SequenceLSTMKernel.registrations,
      SVDFKernel.registrations,
      EmbeddingLookupKernel.registrations,
      FoldingReduceKernel.registrations,
      CumulativeSumKernel.registrations,
      SelectKernel.registrations,
      TopKKernel.registrations,
      WhereKernel.registrations,
      OneHotKernel.registrations,
      NonMaxSuppressionKernel.registrations,
      DetectionPostProcessKernel.registrations,
    ] + ShapeOperators.families

  /// The merged tables: builtin operators by code, custom ones by custom code.
  struct Tables {
    var builtins: [BuiltinOperator: KernelRegistration] = [:]
    var custom: [String: KernelRegistration] = [:]

    /// Merges `families`; throws on the first operator registered twice.
    init(_ families: [[KernelRegistration]]) throws(InterpreterError) {
      for registration in families.joined() {
        let previous: KernelRegistration?
        if let builtin = registration.builtin {
          previous = builtins.updateValue(registration, forKey: builtin)
        } else {
          previous = custom.updateValue(registration, forKey: registration.customCode ?? "")
        }
        guard previous == nil else { throw .duplicateKernel(operator: registration.support.name) }
      }
    }
  }
}
