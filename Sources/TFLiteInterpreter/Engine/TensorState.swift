import TFLiteModel

/// Where a tensor's data lives during a run.
struct TensorState {
  /// Storage of a tensor's data.
  enum Storage {
    /// Unused by the graph.
    case none
    /// Constant data: a view into the model bytes, or the result of folding at load.
    case constant(ModelBytes)
    /// Activation data at this byte offset of the arena.
    case arena(offset: Int)
    /// A variable tensor's persistent storage, owned by the ``ExecutionEnvironment``.
    case variable(UnsafeMutableRawPointer)
  }

  var description: TensorDescription
  var storage: Storage

  var isVariable: Bool {
    if case .variable = storage { return true }
    return false
  }
}
