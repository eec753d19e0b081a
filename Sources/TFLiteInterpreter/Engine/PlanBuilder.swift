import TFLiteModel

/// Builds an interpreter's plan from its model: a kernel per node, every tensor's shape and
/// storage, constant folding, and the arena layout.
struct PlanBuilder {
  /// A node that will run at every invocation.
  struct PendingNode {
    let index: Int
    let kernel: any Kernel
    let inputTensors: [Int?]
    let outputTensors: [Int]
    var scratchOffset: Int?
  }

  /// The result: everything the interpreter needs to allocate and run.
  struct Plan {
    var tensors: [TensorState]
    var nodes: [PendingNode]
    var arenaBytes, foldedNodeCount: Int
    /// The threads' scratch in the arena: its offset and the bytes per thread (nil when no
    /// kernel asked for any).
    var threadScratch: (offset: Int, stride: Int)?
  }

  private let environment: ExecutionEnvironment
  private let subgraphIndex: Int
  private let subgraph: Subgraph
  private let resizedInputs: [Int: [Int]]
  private var model: ModelFile { environment.model }
  private var options: InterpreterOptions { environment.options }

  /// A builder for `executor`'s subgraph; `resizedInputs` gives input shapes by tensor index.
  init(executor: SubgraphExecutor, resizedInputs: [Int: [Int]]) {
    environment = executor.environment
    subgraphIndex = executor.subgraphIndex
    subgraph = executor.subgraph
    self.resizedInputs = resizedInputs
  }

  mutating func build() throws(InterpreterError) -> Plan {
    var tensors = try initialTensors()
    var pending: [PendingNode] = []
    var folded = 0
    // The reference build runs every node as the model writes it.
    let rewrites = options.rewritesGraph && !options.kernels.isReference
    var operators: [Operator?] = subgraph.operators
    var paddings: [Int: FoldedPadding] = [:]
    if rewrites {
      let graph = OperatorGraph(model: model, subgraph: subgraph, tensors: tensors)
      operators = TransposeFolding(graph: graph).apply(to: operators)
      (operators, paddings) = PadFolding(graph: graph).apply(to: operators)
    }
    for (index, rewired) in operators.enumerated() {
      guard let op = rewired else { continue }
      let code = model.operatorCode(of: op)
      let (kernel, context) = try makeKernel(
        for: op, code: code, node: index, padding: paddings[index], tensors: tensors)
      try updateOutputs(of: op, from: context, tensors: &tensors)
      // Fold the node when its outputs are known at load: all inputs constant (and none a
      // variable), a kernel that reads only its inputs' shapes, or one whose outputs are
      // constant by nature (VAR_HANDLE); never a stateful kernel (control flow, variables).
      let inputsKnown = op.inputs.allSatisfy { $0 < 0 || tensors[$0].description.constant != nil }
      let writesVariable = op.outputs.contains { tensors[$0].isVariable }
      let readsVariable = op.inputs.contains { $0 >= 0 && tensors[$0].isVariable }
      let foldable =
        kernel.producesConstants
        || (!kernel.isStateful && !op.inputs.isEmpty
          && (!kernel.readsInputData || (inputsKnown && !readsVariable)))
      if foldable && !writesVariable {
        let results = try evaluate(
          kernel, node: context, inputs: op.inputs.map { $0 < 0 ? nil : tensors[$0].description },
          outputs: op.outputs.map { tensors[$0].description })
        for (tensorIndex, data) in zip(op.outputs, results) {
          let constant = ModelBytes(data)
          tensors[tensorIndex].description.constant = constant
          tensors[tensorIndex].storage = .constant(constant)
        }
        folded += 1
      } else {
        try checkArenaOutputs(of: op, code: code, node: index, context: context, tensors: tensors)
        pending.append(
          PendingNode(
            index: index, kernel: kernel, inputTensors: op.inputs.map { $0 < 0 ? nil : $0 },
            outputTensors: op.outputs,
            scratchOffset: nil))
      }
      // Weights are packed by now: let the file's pages go (read again if a kernel does).
      for case let input? in context.inputs { input.constant?.releaseResidentPages() }
    }
    if rewrites {
      LookupFusion.apply(to: &pending, outputs: Set(subgraph.outputs), kernels: options.kernels)
    }
    var aliasing = ReshapeAliasing()
    if rewrites {
      aliasing = ReshapeAliasing(
        nodes: &pending, tensors: tensors, fixed: Set(subgraph.inputs + subgraph.outputs))
    }
    return try layOut(tensors: tensors, nodes: pending, folded: folded, aliasing: aliasing)
  }

  /// Makes node `index`'s kernel for `op` (with the padding of a PAD folded into it) and
  /// returns it with the context it configured.
  private func makeKernel(
    for op: Operator, code: OperatorCode, node index: Int, padding: FoldedPadding?,
    tensors: [TensorState]
  ) throws(InterpreterError) -> (kernel: any Kernel, context: NodeContext) {
    guard let factory = try KernelRegistry.factory(for: code) else {
      throw .unsupportedOperator(name: code.name, node: index)
    }
    // The kernel would be planned for the output's shape and read the input's (fuzz
    // finding: CONV_2D reading past its arena); a variable tensor, updated in place, keeps
    // its shape (updateOutputs).
    if let shared = op.outputs.first(where: { op.inputs.contains($0) && !tensors[$0].isVariable }) {
      throw .invalidNode(
        name: code.name, node: index, reason: "tensor \(shared) is both its input and its output")
    }
    var context = NodeContext(
      index: index, subgraphIndex: subgraphIndex, operatorName: code.name,
      options: op.builtinOptions,
      customOptions: op.customOptions,
      inputs: op.inputs.map { $0 < 0 ? nil : tensors[$0].description },
      outputs: op.outputs.map { tensors[$0].description }, kernels: options.kernels,
      environment: environment)
    context.intermediates = op.intermediates.map { tensors[$0].description }
    context.foldedPadding = padding
    let kernel: any Kernel
    do {
      kernel = try factory(&context)
    } catch let error as InterpreterError {
      throw error
    } catch {
      throw context.invalid("\(error)")
    }
    return (kernel, context)
  }

  /// Throws when an output of node `index` that the arena will hold has an unsupported type or
  /// is a constant.
  private func checkArenaOutputs(
    of op: Operator, code: OperatorCode, node index: Int, context: NodeContext,
    tensors: [TensorState]
  ) throws(InterpreterError) {
    for tensorIndex in op.outputs where !tensors[tensorIndex].isVariable {
      guard tensors[tensorIndex].description.type.byteSize != nil else {
        throw .unsupportedNode(
          name: code.name, node: index, types: context.typeSummary,
          reason: "outputs of type \(tensors[tensorIndex].description.type) are not supported")
      }
      if case .constant = tensors[tensorIndex].storage {
        throw .invalidNode(
          name: code.name, node: index,
          reason: "it writes tensor \(tensorIndex), which is a constant")
      }
    }
  }

  /// Gives `op`'s output tensors the shapes its kernel set in `context`, within the tensor size
  /// limit; a variable tensor must keep the shape its storage was made for.
  private func updateOutputs(
    of op: Operator, from context: NodeContext, tensors: inout [TensorState]
  ) throws(InterpreterError) {
    for (position, tensorIndex) in op.outputs.enumerated() {
      var description = context.outputs[position]
      description.constant = nil
      try checkSize(description)
      let shape = tensors[tensorIndex].description.shape
      if tensors[tensorIndex].isVariable && description.shape != shape {
        throw context.invalid(
          "it writes variable tensor \(tensorIndex) of shape \(shape) with shape \(description.shape)"
        )
      }
      tensors[tensorIndex].description.shape = description.shape
    }
  }

  /// Tensor states straight from the model: constants as views, variables, inputs resized.
  private func initialTensors() throws(InterpreterError) -> [TensorState] {
    var states: [TensorState] = []
    states.reserveCapacity(subgraph.tensors.count)
    for (index, tensor) in subgraph.tensors.enumerated() {
      var description = TensorDescription(
        index: index, name: tensor.name, type: tensor.type,
        shape: resizedInputs[index] ?? tensor.shape,
        quantization: tensor.quantization, constant: nil)
      var storage = TensorState.Storage.none
      let data = try constantData(of: tensor, index: index, shape: description.shape)
      if tensor.isVariable {
        guard description.shape.allSatisfy({ $0 >= 0 }), tensor.type.byteSize != nil else {
          throw .invalidTensor(
            index: index, name: tensor.name,
            reason: "variable tensor of \(tensor.type) \(description.shape) has no fixed size")
        }
        try checkSize(description)
        storage = .variable(
          environment.variableTensor(
            subgraph: subgraphIndex, tensor: index, byteCount: description.byteCount,
            initial: data, fill: Self.variableFill(description)))
      } else if !data.isEmpty {
        guard let elementSize = tensor.type.byteSize else {
          throw .invalidTensor(
            index: index, name: tensor.name,
            reason: "constant of type \(tensor.type) is not supported")
        }
        // The shape's size can overflow (fuzz finding): compare without trapping.
        let needed = tensor.elementCount.flatMap { count -> Int? in
          let (bytes, overflow) = count.multipliedReportingOverflow(by: elementSize)
          return overflow ? nil : bytes
        }
        guard let needed, data.count == needed else {
          throw .invalidTensor(
            index: index, name: tensor.name,
            reason:
              "constant holds \(data.count) bytes but \(tensor.type) \(tensor.shape) needs \(needed.map { "\($0)" } ?? "more than \(Int.max)")"
          )
        }
        // Kernels read typed elements: copy the rare constant that is not aligned for its type.
        let aligned = data.withUnsafeBytes { raw in
          Int(bitPattern: raw.baseAddress) % elementSize == 0
        }
        let view = aligned ? data : ModelBytes(data)
        description.constant = view
        storage = .constant(view)
      }
      states.append(TensorState(description: description, storage: storage))
    }
    // A tensor with no elements that nothing computes and nobody feeds is an empty constant
    // (converters store no data for it), e.g. an empty axis or shape list.
    let produced = Set(subgraph.operators.flatMap(\.outputs))
    let fed = Set(subgraph.inputs)
    for index in states.indices where !produced.contains(index) && !fed.contains(index) {
      if case .none = states[index].storage, states[index].description.shape.contains(0) {
        let empty = model.bytes[0..<0]
        states[index].description.constant = empty
        states[index].storage = .constant(empty)
      }
    }
    for index in subgraph.inputs {
      let description = states[index].description
      if description.shape.contains(where: { $0 < 0 }) {
        throw .invalidTensor(
          index: index, name: description.name,
          reason: "input shape \(description.shape) is not static")
      }
      try checkSize(description)
    }
    return states
  }

  /// The constant data of `tensor` (empty when it has none): a view into the model bytes, or
  /// for a sparse tensor its dense form, made once here (within the tensor size limit).
  private func constantData(of tensor: ModelTensor, index: Int, shape: [Int])
    throws(InterpreterError) -> ModelBytes
  {
    let data = model.constantData(of: tensor)
    guard let sparsity = tensor.sparsity, !data.isEmpty else { return data }
    guard let elementSize = tensor.type.byteSize else {
      throw .invalidTensor(
        index: index, name: tensor.name, reason: "sparse \(tensor.type) is not supported")
    }
    do {
      return ModelBytes(
        try sparsity.densified(
          values: data, elementSize: elementSize, shape: shape, maxBytes: options.maxTensorBytes))
    } catch {
      throw .invalidTensor(
        index: index, name: tensor.name, reason: "sparse data cannot be densified: \(error)")
    }
  }

  /// Throws when a tensor's byte size overflows or passes the configured limit. Dimensions of
  /// 0 do not hide the others: the product of the nonzero dimensions must fit too, so kernels
  /// can compute strides without overflow.
  private func checkSize(_ description: TensorDescription) throws(InterpreterError) {
    var bytes = description.type.byteSize ?? 1
    for dimension in description.shape {
      let (product, overflow) = bytes.multipliedReportingOverflow(by: max(dimension, 1))
      guard dimension >= 0, !overflow, product <= options.maxTensorBytes else {
        throw .invalidTensor(
          index: description.index, name: description.name,
          reason:
            "shape \(description.shape) of \(description.type) is over the \(options.maxTensorBytes)-byte tensor limit"
        )
      }
      bytes = product
    }
  }

  /// Runs a kernel whose inputs are all known, at load, and returns its outputs' bytes.
  ///
  /// - Throws: the failure the kernel records while running, as the node's error.
  private func evaluate(
    _ kernel: any Kernel, node: NodeContext, inputs: [TensorDescription?],
    outputs: [TensorDescription]
  ) throws(InterpreterError) -> [[UInt8]] {
    let outputMemory = outputs.map {
      UnsafeMutableRawPointer.allocate(
        byteCount: max($0.byteCount, 1), alignment: MemoryPlanner.alignment)
    }
    let scratch =
      kernel.scratchBytes > 0
      ? UnsafeMutableRawPointer.allocate(
        byteCount: kernel.scratchBytes, alignment: MemoryPlanner.alignment) : nil
    let threadStride = MemoryPlanner.roundUp(kernel.threadScratchBytes)
    let threadScratch =
      threadStride > 0
      ? UnsafeMutableRawPointer.allocate(
        byteCount: threadStride * environment.pool.threadCount,
        alignment: MemoryPlanner.alignment) : nil
    defer {
      for memory in outputMemory { memory.deallocate() }
      scratch?.deallocate()
      threadScratch?.deallocate()
    }
    let inputPointers = inputs.map { $0?.constant?.withUnsafeBytes { $0.baseAddress } ?? nil }
    let prepared = PreparedNode(
      index: node.index, kernel: kernel, inputs: inputPointers, outputs: outputMemory,
      scratch: scratch, threadScratch: threadScratch.map { ($0, threadStride) },
      outputTensors: [])
    let status = RunStatus()
    prepared.run(pool: environment.pool, status: status)
    prepared.deallocate()
    if let failure = status.failure { throw failure }
    return zip(outputs, outputMemory).map { description, memory in
      Array(UnsafeRawBufferPointer(start: memory, count: description.byteCount))
    }
  }

  /// Gives every activation and scratch buffer its arena offset.
  /// Plans the arena for `nodes`: every tensor without storage, each node's scratch and the
  /// threads' scratch; tensors `aliasing` shares take their root's offset.
  private func layOut(
    tensors: [TensorState], nodes: [PendingNode], folded: Int, aliasing: ReshapeAliasing
  ) throws(InterpreterError) -> Plan {
    var tensors = tensors
    var nodes = nodes
    let end = nodes.count
    var firstUse = [Int](repeating: Int.max, count: tensors.count)
    var lastUse = [Int](repeating: -1, count: tensors.count)
    for index in subgraph.inputs { firstUse[index] = 0 }
    for (position, node) in nodes.enumerated() {
      for index in node.inputTensors.compactMap({ $0 }) + node.outputTensors {
        let root = aliasing.root(of: index)
        firstUse[root] = min(firstUse[root], position)
        lastUse[root] = max(lastUse[root], position)
      }
    }
    for index in subgraph.outputs { lastUse[index] = end }
    // Inputs keep their data for the whole run, so an invocation may be repeated without
    // setting them again (as LiteRT preserves inputs).
    for index in subgraph.inputs { lastUse[index] = end }

    var requests: [MemoryPlanner.Request] = []
    var owners: [(tensor: Int?, node: Int?)] = []
    for (index, state) in tensors.enumerated() where aliasing.root(of: index) == index {
      guard case .none = state.storage, firstUse[index] != Int.max || lastUse[index] >= 0 else {
        continue
      }
      guard state.description.type.byteSize != nil else {
        throw .invalidTensor(
          index: index, name: state.description.name,
          reason: "type \(state.description.type) is not supported")
      }
      requests.append(
        .init(
          size: state.description.byteCount, firstUse: min(firstUse[index], lastUse[index]),
          lastUse: lastUse[index]))
      owners.append((index, nil))
    }
    for (position, node) in nodes.enumerated() where node.kernel.scratchBytes > 0 {
      requests.append(.init(size: node.kernel.scratchBytes, firstUse: position, lastUse: position))
      owners.append((nil, position))
    }
    // The threads' scratch lives for the whole run.
    let threadStride = MemoryPlanner.roundUp(nodes.map(\.kernel.threadScratchBytes).max() ?? 0)
    if threadStride > 0 {
      requests.append(
        .init(size: threadStride * environment.pool.threadCount, firstUse: 0, lastUse: end))
      owners.append((nil, nil))
    }
    // Two threads split outputs in halves: keep each half of the memory with one thread.
    let (offsets, arenaBytes) =
      environment.pool.threadCount == 2
      ? MemoryPlanner.planCentered(requests, minimumBytes: Self.centredMinimumBytes)
      : MemoryPlanner.plan(requests)
    for (owner, offset) in zip(owners, offsets) {
      if let tensor = owner.tensor { tensors[tensor].storage = .arena(offset: offset) }
      if let node = owner.node { nodes[node].scratchOffset = offset }
    }
    for (tensor, root) in aliasing.roots { tensors[tensor].storage = tensors[root].storage }
    let threadScratch = threadStride > 0 ? offsets.last.map { ($0, threadStride) } : nil
    return Plan(
      tensors: tensors, nodes: nodes, arenaBytes: arenaBytes, foldedNodeCount: folded,
      threadScratch: threadScratch)
  }

  /// The smallest buffer the two-thread layout centres (smaller ones are a few cache lines).
  static let centredMinimumBytes = 4096

  /// The byte a variable tensor without initial data starts with: its zero point for int8
  /// (TFLite's ResetVariableTensor), else 0.
  static func variableFill(_ description: TensorDescription) -> UInt8 {
    guard description.type == .int8, let zero = description.quantization?.perTensor else {
      return 0
    }
    return UInt8(truncatingIfNeeded: zero.zeroPoint)
  }
}
