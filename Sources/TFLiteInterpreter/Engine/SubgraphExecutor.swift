import TFLiteModel

/// One prepared subgraph: a kernel per node, every tensor's storage, and one arena. The main
/// subgraph is run by ``ModelInterpreter``; control-flow kernels (IF, WHILE, CALL_ONCE) run
/// the others through their executors.
final class SubgraphExecutor {
  /// A valid address for tensors with no bytes.
  nonisolated(unsafe) private static let emptyData = UnsafeMutableRawPointer.allocate(
    byteCount: 64, alignment: 64)

  let subgraphIndex: Int
  let subgraph: Subgraph
  /// Unowned: the environment owns every executor but the main one, and outlives them all.
  unowned let environment: ExecutionEnvironment
  /// Bytes of the activation arena.
  private(set) var arenaBytes = 0
  /// Nodes evaluated once at load because all their inputs are constant.
  private(set) var foldedNodeCount = 0
  private(set) var tensors: [TensorState] = []
  private(set) var nodes: [PreparedNode] = []
  private var arena: UnsafeMutableRawPointer?

  /// Prepares subgraph `subgraphIndex` of the environment's model; `resizedInputs` gives input
  /// shapes (by tensor index) that replace the declared ones.
  init(
    environment: ExecutionEnvironment, subgraphIndex: Int, resizedInputs: [Int: [Int]] = [:]
  ) throws(InterpreterError) {
    self.environment = environment
    self.subgraphIndex = subgraphIndex
    self.subgraph = environment.model.subgraphs[subgraphIndex]
    var planner = PlanBuilder(executor: self, resizedInputs: resizedInputs)
    let plan = try planner.build()
    try adopt(plan)
  }

  deinit {
    for node in nodes { node.deallocate() }
    arena?.deallocate()
  }

  /// Takes the plan: allocates the arena and variable tensors and binds every node's tensors.
  private func adopt(_ plan: PlanBuilder.Plan) throws(InterpreterError) {
    tensors = plan.tensors
    foldedNodeCount = plan.foldedNodeCount
    arenaBytes = plan.arenaBytes
    let limit = environment.options.maxArenaBytes
    guard arenaBytes <= limit else { throw .arenaTooLarge(bytes: arenaBytes, limit: limit) }
    arena = HugePageMemory.allocateZeroed(
      byteCount: max(arenaBytes, 64), alignment: MemoryPlanner.alignment)
    let threadScratch = plan.threadScratch.flatMap { scratch in
      arena.map { ($0 + scratch.offset, scratch.stride) }
    }
    nodes = plan.nodes.map { pending in
      PreparedNode(
        index: pending.index, kernel: pending.kernel,
        inputs: pending.inputTensors.map { $0.flatMap { pointer(of: $0) } },
        // The plan puts every output of a node that runs in the arena or in a variable.
        outputs: pending.outputTensors.compactMap { mutablePointer(of: $0) },
        scratch: pending.scratchOffset.flatMap { offset in arena.map { $0 + offset } },
        threadScratch: threadScratch, outputTensors: pending.outputTensors)
    }
  }

  // MARK: Running

  /// Runs every node in order; stops at the first node that records a failure in `status`.
  func run(status: RunStatus) {
    let pool = environment.pool
    for node in nodes {
      node.run(pool: pool, status: status)
      if status.failure != nil { return }
    }
  }

  /// Copies `sources` (one pointer per input, each the input's byte count) into the inputs.
  func setInputs(_ sources: [UnsafeRawPointer?]) {
    for (position, source) in zip(subgraph.inputs.indices, sources) {
      let index = subgraph.inputs[position]
      guard let source, let destination = mutablePointer(of: index) else { continue }
      destination.copyMemory(from: source, byteCount: tensors[index].description.byteCount)
    }
  }

  /// Copies the outputs into `destinations` (one pointer per output, each its byte count).
  func copyOutputs(to destinations: [UnsafeMutableRawPointer]) {
    for (position, destination) in zip(subgraph.outputs.indices, destinations) {
      let index = subgraph.outputs[position]
      guard let source = pointer(of: index) else { continue }
      destination.copyMemory(from: source, byteCount: tensors[index].description.byteCount)
    }
  }

  /// The first element of output `position` read as a bool (a condition subgraph's result).
  func outputFlag(at position: Int) -> Bool {
    guard subgraph.outputs.indices.contains(position),
      let source = pointer(of: subgraph.outputs[position])
    else { return false }
    return source.load(as: UInt8.self) != 0
  }

  // MARK: Tensors

  /// The current description of tensor `index`.
  func description(of index: Int) -> TensorDescription { tensors[index].description }

  /// The descriptions of the inputs and the outputs, in order.
  var inputDescriptions: [TensorDescription] { subgraph.inputs.map { tensors[$0].description } }
  var outputDescriptions: [TensorDescription] { subgraph.outputs.map { tensors[$0].description } }

  func pointer(of index: Int) -> UnsafeRawPointer? {
    switch tensors[index].storage {
    case .none: return nil
    // An empty constant has no address of its own; kernels get a valid one that they never read.
    case .constant(let data):
      return data.withUnsafeBytes { $0.baseAddress } ?? UnsafeRawPointer(Self.emptyData)
    case .arena(let offset): return arena.map { UnsafeRawPointer($0 + offset) }
    case .variable(let storage): return UnsafeRawPointer(storage)
    }
  }

  func mutablePointer(of index: Int) -> UnsafeMutableRawPointer? {
    switch tensors[index].storage {
    case .arena(let offset): return arena.map { $0 + offset }
    case .variable(let storage): return storage
    case .none, .constant: return nil
    }
  }
}
