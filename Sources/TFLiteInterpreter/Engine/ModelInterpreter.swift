import TFLiteModel

/// Runs the main subgraph of a TFLite model.
///
/// Creating an interpreter prepares everything once: it finds a kernel for every operator
/// (failing with the operator's name, node index and tensor types if one is missing), checks
/// every node and propagates shapes, evaluates nodes whose inputs are all constant, and plans
/// one arena for all activations with memory reused between tensors whose lifetimes do not
/// overlap. Constant tensors stay views into the model's bytes. ``invoke()`` then only runs
/// kernels. Variable tensors keep their values between runs.
///
/// An interpreter is not thread-safe; use one per thread (they can share a ``ModelFile``).
public final class ModelInterpreter {
  /// The model being run.
  public let model: ModelFile
  public let options: InterpreterOptions
  /// Bytes of the activation arena (all non-constant tensors and kernel scratch).
  public private(set) var arenaBytes = 0
  /// Nodes evaluated once at load because all their inputs are constant.
  public private(set) var foldedNodeCount = 0

  /// A valid address for tensors with no bytes.
  nonisolated(unsafe) private static let emptyData = UnsafeMutableRawPointer.allocate(
    byteCount: 64, alignment: 64)

  let subgraph: Subgraph
  let pool: ThreadPool
  private var tensors: [TensorState] = []
  private var nodes: [PreparedNode] = []
  private var arena: UnsafeMutableRawPointer?
  /// Input shapes set with ``resizeInput(at:to:)``, by tensor index.
  private var resizedInputs: [Int: [Int]] = [:]
  /// Storage of variable tensors, by tensor index; kept across re-planning.
  private var variables: [Int: UnsafeMutableRawPointer] = [:]

  /// Prepares `model`'s main subgraph to run.
  public init(model: ModelFile, options: InterpreterOptions = InterpreterOptions())
    throws(InterpreterError)
  {
    self.model = model
    self.options = options
    self.subgraph = model.mainSubgraph
    self.pool = ThreadPool(threadCount: options.threadCount)
    try prepare()
  }

  deinit {
    releasePlan()
    for (_, pointer) in variables { pointer.deallocate() }
  }

  // MARK: Inputs and outputs

  /// Number of inputs of the main subgraph.
  public var inputCount: Int { subgraph.inputs.count }
  /// Number of outputs of the main subgraph.
  public var outputCount: Int { subgraph.outputs.count }

  /// The input at `position` (in subgraph order).
  public func input(at position: Int) throws(InterpreterError) -> TensorSpec {
    spec(of: try tensorIndex(input: position))
  }

  /// The output at `position` (in subgraph order), with its shape as computed at load.
  public func output(at position: Int) throws(InterpreterError) -> TensorSpec {
    spec(of: try tensorIndex(output: position))
  }

  /// The position of the input whose tensor is named `name`.
  public func inputPosition(named name: String) -> Int? {
    subgraph.inputs.firstIndex { subgraph.tensors[$0].name == name }
  }

  /// The position of the output whose tensor is named `name`.
  public func outputPosition(named name: String) -> Int? {
    subgraph.outputs.firstIndex { subgraph.tensors[$0].name == name }
  }

  /// Copies `bytes` (the tensor's raw little-endian data, exactly its size) into input `position`.
  public func setInput(at position: Int, bytes: UnsafeRawBufferPointer) throws(InterpreterError) {
    let index = try tensorIndex(input: position)
    let spec = spec(of: index)
    guard bytes.count == spec.byteCount else {
      throw .inputMismatch(
        index: position,
        reason:
          "got \(bytes.count) bytes, expected \(spec.byteCount) for \(spec.type) \(spec.shape)")
    }
    guard let destination = mutablePointer(of: index) else {
      throw .inputMismatch(index: position, reason: "the input is a constant of the model")
    }
    if let source = bytes.baseAddress {
      destination.copyMemory(from: source, byteCount: bytes.count)
    }
  }

  /// Copies `bytes` into input `position`; see ``setInput(at:bytes:)-(_,UnsafeRawBufferPointer)``.
  public func setInput(at position: Int, bytes: [UInt8]) throws(InterpreterError) {
    var failure: InterpreterError?
    bytes.withUnsafeBytes { raw in
      do throws(InterpreterError) { try setInput(at: position, bytes: raw) } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Copies `values` into float32 input `position`.
  public func setInput(at position: Int, floats values: [Float]) throws(InterpreterError) {
    let spec = try input(at: position)
    guard spec.type == .float32 else {
      throw .inputMismatch(index: position, reason: "the input is \(spec.type), not float32")
    }
    var failure: InterpreterError?
    values.withUnsafeBytes { raw in
      do throws(InterpreterError) { try setInput(at: position, bytes: raw) } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The raw data of output `position` after ``invoke()``.
  public func outputBytes(at position: Int) throws(InterpreterError) -> [UInt8] {
    let index = try tensorIndex(output: position)
    return bytes(of: index)
  }

  /// The data of float32 output `position` after ``invoke()``.
  public func outputFloats(at position: Int) throws(InterpreterError) -> [Float] {
    let index = try tensorIndex(output: position)
    guard tensors[index].description.type == .float32 else {
      throw .noSuchTensor("output \(position) is \(tensors[index].description.type), not float32")
    }
    let count = tensors[index].description.elementCount
    guard let pointer = pointer(of: index) else { return [Float](repeating: 0, count: count) }
    return Array(
      UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: Float.self), count: count))
  }

  /// Changes the shape of input `position` (allowed where its `shape_signature` has -1, or to
  /// any shape when the model gives no signature) and prepares the model again. Inputs must
  /// be set again afterwards; variable tensors keep their values.
  public func resizeInput(at position: Int, to shape: [Int]) throws(InterpreterError) {
    let index = try tensorIndex(input: position)
    let tensor = subgraph.tensors[index]
    guard shape.count == tensor.shape.count, shape.allSatisfy({ $0 > 0 }) else {
      throw .inputMismatch(
        index: position, reason: "shape \(shape) does not fit rank \(tensor.shape.count)")
    }
    if let signature = tensor.shapeSignature {
      for (dimension, (wanted, allowed)) in zip(shape, signature).enumerated()
      where allowed != -1 && wanted != allowed {
        throw .inputMismatch(
          index: position,
          reason: "dimension \(dimension) is fixed at \(allowed) by the model's shape signature")
      }
    }
    resizedInputs[index] = shape
    try prepare()
  }

  // MARK: Running

  /// Runs every node in order.
  public func invoke() {
    for node in nodes { node.run(pool: pool) }
  }

  /// Runs every node and hands each computed tensor to `observer` right after its node runs
  /// (its data are overwritten later, when its arena space is reused): the audit trail.
  public func invoke(
    observing observer: (_ node: Int, _ tensor: TensorSpec, _ data: UnsafeRawBufferPointer) -> Void
  ) {
    for node in nodes {
      node.run(pool: pool)
      for index in node.outputTensors {
        let spec = spec(of: index)
        if let pointer = pointer(of: index) {
          observer(node.index, spec, UnsafeRawBufferPointer(start: pointer, count: spec.byteCount))
        }
      }
    }
  }

  // MARK: Tensors

  /// The current description of tensor `index` of the main subgraph.
  public func spec(of index: Int) -> TensorSpec {
    let description = tensors[index].description
    return TensorSpec(
      index: index, name: description.name, type: description.type, shape: description.shape,
      quantization: description.quantization)
  }

  /// A copy of tensor `index`'s current data.
  public func bytes(of index: Int) -> [UInt8] {
    let count = tensors[index].description.byteCount
    guard let pointer = pointer(of: index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  func tensorIndex(input position: Int) throws(InterpreterError) -> Int {
    guard subgraph.inputs.indices.contains(position) else {
      throw .noSuchTensor("input \(position) of \(inputCount)")
    }
    return subgraph.inputs[position]
  }

  func tensorIndex(output position: Int) throws(InterpreterError) -> Int {
    guard subgraph.outputs.indices.contains(position) else {
      throw .noSuchTensor("output \(position) of \(outputCount)")
    }
    return subgraph.outputs[position]
  }

  func pointer(of index: Int) -> UnsafeRawPointer? {
    switch tensors[index].storage {
    case .none: return nil
    // An empty constant has no address of its own; kernels get a valid one that they never read.
    case .constant(let data):
      return data.withUnsafeBytes { $0.baseAddress } ?? UnsafeRawPointer(Self.emptyData)
    case .arena(let offset): return arena.map { UnsafeRawPointer($0 + offset) }
    case .variable: return variables[index].map(UnsafeRawPointer.init)
    }
  }

  func mutablePointer(of index: Int) -> UnsafeMutableRawPointer? {
    switch tensors[index].storage {
    case .arena(let offset): return arena.map { $0 + offset }
    case .variable: return variables[index]
    case .none, .constant: return nil
    }
  }

  // MARK: Preparing

  fileprivate func releasePlan() {
    for node in nodes { node.deallocate() }
    nodes = []
    arena?.deallocate()
    arena = nil
  }

  /// Builds the whole plan from the model: kernels, shapes, folding, memory.
  private func prepare() throws(InterpreterError) {
    releasePlan()
    var planner = try PlanBuilder(interpreter: self, resizedInputs: resizedInputs)
    let plan = try planner.build()
    tensors = plan.tensors
    foldedNodeCount = plan.foldedNodeCount
    arenaBytes = plan.arenaBytes
    guard arenaBytes <= options.maxArenaBytes else {
      throw .arenaTooLarge(bytes: arenaBytes, limit: options.maxArenaBytes)
    }
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: max(arenaBytes, 64), alignment: MemoryPlanner.alignment)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(arenaBytes, 64))
    arena = memory
    // Variable tensors: allocate once, initialised from the model, or else to zero (an int8
    // tensor to its zero point, as TFLite's ResetVariableTensor); keep across plans.
    for (index, state) in tensors.enumerated() where state.isVariable {
      let size = max(state.description.byteCount, 1)
      if variables[index] == nil {
        let memory = UnsafeMutableRawPointer.allocate(
          byteCount: size, alignment: MemoryPlanner.alignment)
        var fill: UInt8 = 0
        if state.description.type == .int8, let zero = state.description.quantization?.perTensor {
          fill = UInt8(truncatingIfNeeded: zero.zeroPoint)
        }
        memory.initializeMemory(as: UInt8.self, repeating: fill, count: size)
        let initial = model.constantData(of: subgraph.tensors[index])
        if initial.count == state.description.byteCount {
          initial.withUnsafeBytes { raw in
            if let base = raw.baseAddress { memory.copyMemory(from: base, byteCount: raw.count) }
          }
        }
        variables[index] = memory
      }
    }
    nodes = plan.nodes.map { pending in
      PreparedNode(
        index: pending.index, kernel: pending.kernel,
        inputs: pending.inputTensors.map { $0.flatMap { pointer(of: $0) } },
        // The plan puts every output of a node that runs in the arena or in a variable.
        outputs: pending.outputTensors.compactMap { mutablePointer(of: $0) },
        scratch: pending.scratchOffset.flatMap { offset in arena.map { $0 + offset } },
        outputTensors: pending.outputTensors)
    }
  }
}
