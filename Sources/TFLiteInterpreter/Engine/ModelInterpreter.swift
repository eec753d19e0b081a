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
/// An interpreter is not thread-safe; use one per thread (they can share a `ModelFile`).
public final class ModelInterpreter {
  /// The model being run.
  public let model: ModelFile
  public let options: InterpreterOptions
  /// Bytes of the main subgraph's activation arena (all non-constant tensors and kernel scratch).
  public var arenaBytes: Int { main.arenaBytes }
  /// Nodes of the main subgraph evaluated once at load because all their inputs are constant.
  public var foldedNodeCount: Int { main.foldedNodeCount }
  /// The kernel of every node of the main subgraph that runs at ``invoke()``, in run order
  /// (nodes folded at load have none; a fused pair shows under its first node).
  public var nodeKernels: [NodeKernel] {
    main.nodes.map { NodeKernel(node: $0.index, kernel: String(describing: type(of: $0.kernel))) }
  }

  /// What every subgraph shares (thread pool, resource variables, prepared subgraphs).
  private let environment: ExecutionEnvironment
  /// The main subgraph, prepared.
  private var main: SubgraphExecutor
  var subgraph: Subgraph { main.subgraph }
  /// Input shapes set with ``resizeInput(at:to:)``, by tensor index.
  private var resizedInputs: [Int: [Int]] = [:]
  private let status = RunStatus()

  /// Prepares `model`'s main subgraph (and the subgraphs its control flow calls) to run.
  public init(model: ModelFile, options: InterpreterOptions = InterpreterOptions())
    throws(InterpreterError)
  {
    self.model = model
    self.options = options
    guard !model.subgraphs.isEmpty else { throw .unsupportedModel("the model has no subgraph") }
    environment = ExecutionEnvironment(model: model, options: options)
    main = try environment.prepareMain(resizedInputs: [:])
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
    guard main.description(of: index).type == .float32 else {
      throw .noSuchTensor("output \(position) is \(main.description(of: index).type), not float32")
    }
    let count = main.description(of: index).elementCount
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
    main = try environment.prepareMain(resizedInputs: resizedInputs)
  }

  // MARK: Running

  /// Runs every node in order.
  ///
  /// - Throws: a failure while running: a WHILE loop past ``InterpreterOptions/maxLoopIterations``,
  ///   a variable read before it was assigned (models without control flow or variables never
  ///   fail here).
  public func invoke() throws(InterpreterError) {
    status.reset()
    main.run(status: status)
    if let failure = status.failure { throw failure }
  }

  /// Runs every node and hands each computed tensor to `observer` right after its node runs
  /// (its data are overwritten later, when its arena space is reused): the audit trail. The
  /// fast kernel builds fold an 8-bit lookup into the op that combines it with its own input
  /// (SiLU's `x · LOGISTIC(x)`, see `LookupFusion`), so that lookup's tensor is never computed
  /// nor observed; the reference build (``KernelSet``) runs every node as written.
  public func invoke(
    observing observer: (_ node: Int, _ tensor: TensorSpec, _ data: UnsafeRawBufferPointer) -> Void
  ) throws(InterpreterError) {
    status.reset()
    for node in main.nodes {
      node.run(pool: environment.pool, status: status)
      if let failure = status.failure { throw failure }
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
    let description = main.description(of: index)
    return TensorSpec(
      index: index, name: description.name, type: description.type, shape: description.shape,
      quantization: description.quantization)
  }

  /// A copy of tensor `index`'s current data.
  public func bytes(of index: Int) -> [UInt8] {
    let count = main.description(of: index).byteCount
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

  func pointer(of index: Int) -> UnsafeRawPointer? { main.pointer(of: index) }

  func mutablePointer(of index: Int) -> UnsafeMutableRawPointer? { main.mutablePointer(of: index) }
}
