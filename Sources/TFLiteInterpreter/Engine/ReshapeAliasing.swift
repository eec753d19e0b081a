/// Lets RESHAPE, SQUEEZE and EXPAND_DIMS share their input's memory, at load: their output is
/// the input's bytes under another shape, so the output is planned at the input's arena offset
/// and the node never runs (MobileViT's attention writes 201 of them). Both tensors must live
/// in the arena (not constants or variables) and be neither an input nor an output of the
/// subgraph, whose buffers callers read and fill on their own. Tensors are written once, by
/// their producer, so sharing the bytes over both lifetimes changes no value.
struct ReshapeAliasing {
  /// For each aliased tensor, the tensor whose memory it shares (never itself aliased).
  private(set) var roots: [Int: Int] = [:]

  /// No sharing (the graph as the model writes it).
  init() {}

  /// Removes the reshaping nodes whose output can share its input's memory from `nodes` and
  /// records the sharing; `fixed` are the subgraph's inputs and outputs.
  init(nodes: inout [PlanBuilder.PendingNode], tensors: [TensorState], fixed: Set<Int>) {
    nodes.removeAll { node in
      guard node.kernel is ReshapeKernel, let input = node.inputTensors.first ?? nil,
        node.outputTensors.count == 1
      else { return false }
      let output = node.outputTensors[0]
      guard Self.planned(tensors[input]), Self.planned(tensors[output]),
        !fixed.contains(input), !fixed.contains(output),
        tensors[input].description.byteCount == tensors[output].description.byteCount
      else { return false }
      roots[output] = root(of: input)
      return true
    }
  }

  /// The tensor whose memory `tensor` uses: its root, or itself.
  func root(of tensor: Int) -> Int { roots[tensor] ?? tensor }

  /// True for a tensor the arena will hold (no storage yet, not a variable).
  private static func planned(_ state: TensorState) -> Bool {
    guard case .none = state.storage, !state.isVariable else { return false }
    return true
  }
}
