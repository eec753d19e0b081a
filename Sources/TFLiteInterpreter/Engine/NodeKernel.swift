/// Which kernel runs one node of the main subgraph: what a layer-by-layer audit and the
/// operator catalog's tests read (``ModelInterpreter/nodeKernels``).
public struct NodeKernel: Sendable, Equatable {
  /// The node's index in the main subgraph's operators.
  public let node: Int
  /// The kernel type's name, as ``KernelVariant/kernel`` spells it (`QuantizedConvolutionKernel`).
  public let kernel: String
}
