import TFLiteModel

/// Builds the kernel for one node, or throws why it cannot run (an ``InterpreterError``).
///
/// Untyped so that factories can be written as plain closures; the plan builder turns any
/// other error into ``InterpreterError/invalidNode(name:node:reason:)``.
typealias KernelFactory = @Sendable (inout NodeContext) throws -> any Kernel

/// Which kernel runs which operator: builtin operators by code, custom ones by name.
/// Each operator family lists its own factories; this is the one place they meet.
enum KernelRegistry {
  static let builtins: [BuiltinOperator: KernelFactory] = {
    var table: [BuiltinOperator: KernelFactory] = [:]
    for family in families { table.merge(family) { first, _ in first } }
    return table
  }()

  static let custom: [String: KernelFactory] = [
    "TFLite_Detection_PostProcess": DetectionPostProcessKernel.factory
  ]

  /// The factory for an operator code, or nil when it is not supported.
  static func factory(for code: OperatorCode) -> KernelFactory? {
    code.isCustom ? custom[code.customCode ?? ""] : builtins[code.builtinCode]
  }

  private static let families: [[BuiltinOperator: KernelFactory]] = [
    BinaryKernel.factories,
    ConvolutionKernel.factories,
    DepthwiseConvolutionKernel.factories,
    FullyConnectedKernel.factories,
    ShapeOperators.factories,
    ActivationKernel.factories,
    PReluKernel.factories,
    SoftmaxKernel.factories,
    PoolKernel.factories,
    ReduceKernel.factories,
    ResizeBilinearKernel.factories,
    ResizeNearestNeighborKernel.factories,
    DequantizeKernel.factories,
    CastKernel.factories,
    ArgMinMaxKernel.factories,
    QuantizeKernel.factories,
  ]
}
