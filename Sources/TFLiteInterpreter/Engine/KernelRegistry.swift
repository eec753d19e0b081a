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
    return code.isCustom ? tables.custom[code.customCode ?? ""] : tables.builtins[code.builtinCode]
  }

  /// Every operator with a kernel, spelled as ``OperatorCode/name`` spells it: the builtin
  /// operators sorted by name (`ABS`, `ADD`, …), then the custom ones as `CUSTOM:<code>`. Read
  /// from the merged tables themselves, so it is exactly what a model can use; empty when the
  /// registry is broken (an operator registered twice, which fails every load).
  static var operatorNames: [String] {
    guard let tables = try? shared.get() else { return [] }
    return tables.builtins.keys.map(\.name).sorted()
      + tables.custom.keys.map { "CUSTOM:\($0)" }.sorted()
  }

  /// The registry of this process, built once.
  private static let shared = Result { () throws(InterpreterError) in
    try Tables(families: families, custom: custom)
  }

  private static let families: [[BuiltinOperator: KernelFactory]] =
    [
      BinaryKernel.factories,
      PowerKernel.factories,
      AddNKernel.factories,
      UnaryMathKernel.factories,
      ComparisonKernel.factories,
      LogicalKernel.factories,
      ConvolutionKernel.factories,
      DepthwiseConvolutionKernel.factories,
      FullyConnectedKernel.factories,
      ActivationKernel.factories,
      PReluKernel.factories,
      SoftmaxKernel.factories,
      LogSoftmaxKernel.factories,
      L2NormalizationKernel.factories,
      LocalResponseNormalizationKernel.factories,
      PoolKernel.factories,
      ReduceKernel.factories,
      ResizeBilinearKernel.factories,
      ResizeNearestNeighborKernel.factories,
      DequantizeKernel.factories,
      CastKernel.factories,
      ArgMinMaxKernel.factories,
      QuantizeKernel.factories,
      DensifyKernel.factories,
      IfKernel.factories,
      WhileKernel.factories,
      CallOnceKernel.factories,
      VarHandleKernel.factories,
      ReadVariableKernel.factories,
      AssignVariableKernel.factories,
      BatchMatMulKernel.factories,
      TransposeConvolutionKernel.factories,
      SequenceLSTMKernel.factories,
      SVDFKernel.factories,
      EmbeddingLookupKernel.factories,
      FoldingReduceKernel.factories,
      CumulativeSumKernel.factories,
      SelectKernel.factories,
      TopKKernel.factories,
      WhereKernel.factories,
      NonMaxSuppressionKernel.factories,
    ] + ShapeOperators.families

  /// Custom operators by custom code (a list, so that a repeated name is caught too).
  private static let custom: [(name: String, factory: KernelFactory)] = [
    (DetectionPostProcessOptions.customCode, DetectionPostProcessKernel.factory)
  ]

  /// The merged tables.
  private struct Tables {
    var builtins: [BuiltinOperator: KernelFactory] = [:]
    var custom: [String: KernelFactory] = [:]

    /// Merges the families' and the custom factories; throws on the first operator registered
    /// twice.
    init(
      families: [[BuiltinOperator: KernelFactory]],
      custom: [(name: String, factory: KernelFactory)]
    ) throws(InterpreterError) {
      for family in families {
        for (code, factory) in family {
          guard builtins.updateValue(factory, forKey: code) == nil else {
            throw .duplicateKernel(operator: code.name)
          }
        }
      }
      for (name, factory) in custom {
        guard self.custom.updateValue(factory, forKey: name) == nil else {
          throw .duplicateKernel(operator: "CUSTOM:\(name)")
        }
      }
    }
  }
}
