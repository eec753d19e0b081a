import TFLiteModel

/// What every subgraph of one interpreter shares: the model, the options, the thread pool,
/// the resource variables, and the subgraphs prepared for control flow (IF, WHILE,
/// CALL_ONCE), each prepared once.
final class ExecutionEnvironment {
  /// The deepest nesting of subgraph calls a model may have (a subgraph calling a subgraph …).
  static let maxSubgraphDepth = 32

  let model: ModelFile
  let options: InterpreterOptions
  let pool: ThreadPool
  /// Resource variables by handle (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE).
  let resources = ResourceVariables()
  /// The subgraphs CALL_ONCE has run: each runs once per interpreter, even after re-planning.
  var initializedSubgraphs: Set<Int> = []
  private var executors: [ExecutorKey: SubgraphExecutor] = [:]

  /// A prepared subgraph is reused by every node that calls it with the same input shapes.
  private struct ExecutorKey: Hashable {
    var subgraph: Int
    var inputShapes: [[Int]]
  }
  /// Storage of variable tensors (`is_variable`), by subgraph and tensor index; kept across
  /// re-planning, so their values persist after an input is resized.
  private var variableTensors: [Int: [Int: UnsafeMutableRawPointer]] = [:]
  /// Subgraphs being prepared, outermost first: a subgraph calling one of them is a cycle.
  private var preparing: [Int] = []

  init(model: ModelFile, options: InterpreterOptions) {
    self.model = model
    self.options = options
    self.pool = ThreadPool(threadCount: options.threadCount)
  }

  deinit {
    for tensors in variableTensors.values {
      for pointer in tensors.values { pointer.deallocate() }
    }
  }

  /// Prepares the main subgraph (with `resizedInputs`: input shapes by tensor index), forgetting
  /// every subgraph prepared before.
  func prepareMain(resizedInputs: [Int: [Int]]) throws(InterpreterError) -> SubgraphExecutor {
    executors.removeAll()
    let index = 0  // the main subgraph
    preparing = [index]
    defer { preparing = [] }
    return try SubgraphExecutor(
      environment: self, subgraphIndex: index, resizedInputs: resizedInputs)
  }

  /// The storage of variable tensor `tensor` of subgraph `subgraph`, `byteCount` bytes: made
  /// (filled with `initial` when it has exactly that size, else every byte `fill`) on first use.
  func variableTensor(
    subgraph: Int, tensor: Int, byteCount: Int, initial: ModelBytes, fill: UInt8 = 0
  ) -> UnsafeMutableRawPointer {
    if let existing = variableTensors[subgraph]?[tensor] { return existing }
    let size = max(byteCount, 1)
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: size, alignment: MemoryPlanner.alignment)
    memory.initializeMemory(as: UInt8.self, repeating: fill, count: size)
    if initial.count == byteCount {
      initial.withUnsafeBytes { raw in
        if let base = raw.baseAddress { memory.copyMemory(from: base, byteCount: raw.count) }
      }
    }
    variableTensors[subgraph, default: [:]][tensor] = memory
    return memory
  }

  /// The executor of subgraph `index` with its inputs shaped `inputShapes` (as many as it has
  /// inputs), prepared on first use.
  ///
  /// - Throws: ``InterpreterError/unsupportedModel(_:)`` for an index the model lacks, a
  ///   subgraph that (directly or not) calls itself, nesting deeper than ``maxSubgraphDepth``,
  ///   or a different number of inputs; any error preparing the subgraph.
  func executor(for index: Int, inputShapes: [[Int]]) throws(InterpreterError) -> SubgraphExecutor {
    let key = ExecutorKey(subgraph: index, inputShapes: inputShapes)
    if let ready = executors[key] { return ready }
    guard model.subgraphs.indices.contains(index) else {
      throw .unsupportedModel(
        "a node calls subgraph \(index), but the model has \(model.subgraphs.count)")
    }
    guard !preparing.contains(index) else {
      let chain = (preparing + [index]).map(String.init).joined(separator: " → ")
      throw .unsupportedModel("subgraphs call each other in a cycle (\(chain))")
    }
    let inputs = model.subgraphs[index].inputs
    guard inputs.count == inputShapes.count else {
      throw .unsupportedModel(
        "subgraph \(index) has \(inputs.count) inputs, but it is called with \(inputShapes.count)")
    }
    guard preparing.count < Self.maxSubgraphDepth else {
      throw .unsupportedModel(
        "subgraph calls nest deeper than \(Self.maxSubgraphDepth) levels")
    }
    preparing.append(index)
    defer { preparing.removeLast() }
    let executor = try SubgraphExecutor(
      environment: self, subgraphIndex: index,
      resizedInputs: Dictionary(zip(inputs, inputShapes), uniquingKeysWith: { first, _ in first }))
    executors[key] = executor
    return executor
  }

}
