/// Folds an 8-bit table lookup into the binary operation that combines its result with its own
/// input — `MUL(x, LOGISTIC(x))` (SiLU, as converters write it), or any ADD/SUB/MUL/… of `x`
/// and `f(x)` for a tabulated `f` — into one 256-entry table of `x`, at load.
///
/// Each output byte depends only on the byte of `x`, so the fused table holds, for every
/// byte, exactly what the two kernels compute one after the other: the results are identical,
/// in one pass instead of two. Applies only when the lookup's output feeds nothing else and is
/// not a subgraph output (it is then never written).
enum LookupFusion {
  /// Replaces each fusable pair in `nodes` (in execution order) by one lookup node, keeping the
  /// binary node's index. `outputs`: the subgraph's output tensors.
  static func apply(
    to nodes: inout [PlanBuilder.PendingNode], outputs: Set<Int>, kernels: KernelSet
  ) {
    var readers: [Int: Int] = [:]
    for node in nodes {
      for case let tensor? in node.inputTensors { readers[tensor, default: 0] += 1 }
    }
    var producer: [Int: Int] = [:]
    var removed = Set<Int>()
    for position in nodes.indices {
      if let fused = fuse(nodes[position], nodes, producer, readers, outputs, kernels) {
        nodes[position] = fused.node
        removed.insert(fused.lookup)
      }
      for tensor in nodes[position].outputTensors { producer[tensor] = position }
    }
    nodes = nodes.indices.filter { !removed.contains($0) }.map { nodes[$0] }
  }

  /// The fused node for `node` and the position of the lookup it absorbs, or nil.
  private static func fuse(
    _ node: PlanBuilder.PendingNode, _ nodes: [PlanBuilder.PendingNode], _ producer: [Int: Int],
    _ readers: [Int: Int], _ outputs: Set<Int>, _ kernels: KernelSet
  ) -> (node: PlanBuilder.PendingNode, lookup: Int)? {
    guard let binary = node.kernel as? QuantizedBinaryKernel, node.inputTensors.count == 2,
      let a = node.inputTensors[0], let b = node.inputTensors[1], a != b,
      let combine = binary.elementFunction
    else { return nil }
    for (looked, other, lookedIsA) in [(a, b, true), (b, a, false)] {
      guard let position = producer[looked], readers[looked] == 1, !outputs.contains(looked)
      else { continue }
      let lookup = nodes[position]
      guard let kernel = lookup.kernel as? QuantizedLookupKernel, let table = kernel.byteTable,
        lookup.inputTensors == [other], lookup.outputTensors == [looked]
      else { continue }
      let fused = (0..<256).map { index in
        let x = UInt8(index)
        return lookedIsA ? combine(table[index], x) : combine(x, table[index])
      }
      let merged = PlanBuilder.PendingNode(
        index: node.index,
        kernel: QuantizedLookupKernel(
          table: fused, count: binary.elementCount, kernels: kernels),
        inputTensors: [other], outputTensors: node.outputTensors, scratchOffset: nil)
      return (merged, position)
    }
    return nil
  }
}
