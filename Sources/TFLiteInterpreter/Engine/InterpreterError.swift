import TFLiteModel

/// Why a model cannot be run, or an input cannot be set. Load-time cases name the operator,
/// its node index and the tensor types involved.
public enum InterpreterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No kernel for this operator (builtin name or `CUSTOM:<name>`).
  case unsupportedOperator(name: String, node: Int)
  /// The operator exists but not for these tensor types or options.
  case unsupportedNode(name: String, node: Int, types: String, reason: String)
  /// The node's tensors or options are inconsistent (wrong input count, shapes that do not fit).
  case invalidNode(name: String, node: Int, reason: String)
  /// A tensor's shape or size is not acceptable (negative, too large, dynamic where it cannot be).
  case invalidTensor(index: Int, name: String, reason: String)
  /// The model has control flow or more structure than this interpreter runs.
  case unsupportedModel(String)
  /// An input or output index or name that the subgraph does not have.
  case noSuchTensor(String)
  /// Data given for an input does not match its size or type.
  case inputMismatch(index: Int, reason: String)
  /// The activation arena would exceed the configured limit, in bytes.
  case arenaTooLarge(bytes: Int, limit: Int)
  /// The interpreter itself registers two kernels for this operator (a builtin name or
  /// `CUSTOM:<name>`), so no model can load: a defect of this build, reported at load.
  case duplicateKernel(operator: String)
  /// A WHILE loop (node `node` of subgraph `subgraph`) ran `limit` iterations without its
  /// condition turning false (``InterpreterOptions/maxLoopIterations``).
  case loopLimitExceeded(subgraph: Int, node: Int, limit: Int)
  /// A resource variable was read before any ASSIGN_VARIABLE gave it a value.
  case variableNotAssigned(name: String)

  public var description: String {
    switch self {
    case .unsupportedOperator(let name, let node): "node \(node): operator \(name) is not supported"
    case .unsupportedNode(let name, let node, let types, let reason):
      "node \(node) (\(name), \(types)): \(reason)"
    case .invalidNode(let name, let node, let reason): "node \(node) (\(name)): \(reason)"
    case .invalidTensor(let index, let name, let reason): "tensor \(index) \"\(name)\": \(reason)"
    case .unsupportedModel(let reason): "unsupported model: \(reason)"
    case .noSuchTensor(let what): "no such tensor: \(what)"
    case .inputMismatch(let index, let reason): "input \(index): \(reason)"
    case .arenaTooLarge(let bytes, let limit):
      "the activations need \(bytes) bytes, over the \(limit)-byte limit"
    case .duplicateKernel(let name): "the interpreter registers two kernels for operator \(name)"
    case .loopLimitExceeded(let subgraph, let node, let limit):
      "node \(node) of subgraph \(subgraph) (WHILE): still looping after \(limit) iterations (InterpreterOptions.maxLoopIterations)"
    case .variableNotAssigned(let name):
      "resource variable \"\(name)\" was read before it was assigned"
    }
  }
}
