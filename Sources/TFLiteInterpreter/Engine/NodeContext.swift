import TFLiteModel

/// What a kernel factory sees of one node while the interpreter prepares it: the operator,
/// its options and its tensors. The factory checks everything it relies on, sets the output
/// shapes, and returns a kernel ready to run; every problem is thrown here, at load time.
struct NodeContext {
  /// The node's index in the subgraph's operators.
  let index: Int
  /// The index of the subgraph the node belongs to (0: the main subgraph).
  let subgraphIndex: Int
  /// The operator's name, e.g. `CONV_2D` or `CUSTOM:TFLite_Detection_PostProcess`.
  let operatorName: String
  /// The operator's builtin options; ``options(_:noneMeansDefaults:)`` reads them as a type.
  let options: BuiltinOptions
  let customOptions: ArraySlice<UInt8>?
  /// The inputs in order; nil where an optional input is omitted (-1 in the model).
  var inputs: [TensorDescription?]
  /// The outputs in order; the factory must set every output's shape.
  var outputs: [TensorDescription]
  /// The operator's intermediate tensors (TFLite's `intermediates`: quantization parameters of
  /// values inside the operator, e.g. the integer LSTM's hidden state); empty for most operators.
  var intermediates: [TensorDescription] = []
  /// For a VALID CONV_2D or DEPTHWISE_CONV_2D: the padding of the PAD folded into it at load
  /// (``PadFolding``), or nil.
  var foldedPadding: FoldedPadding?
  /// The kernel build this interpreter runs on (``InterpreterOptions/kernels``): factories of
  /// kernels that call the compute kernels take them from here.
  let kernels: KernelSet
  /// What the interpreter's subgraphs share: other subgraphs (for control flow) and the
  /// resource variables.
  let environment: ExecutionEnvironment

  /// The input at `position`, which must be present.
  func input(_ position: Int) throws(InterpreterError) -> TensorDescription {
    guard position < inputs.count, let tensor = inputs[position] else {
      throw invalid("input \(position) is missing")
    }
    return tensor
  }

  /// Input 0, after checking that output 0 has its type (for operators that keep the type).
  func inputMatchingOutput() throws(InterpreterError) -> TensorDescription {
    let tensor = try input(0)
    guard tensor.type == outputs[0].type else {
      throw unsupported("input and output types must match")
    }
    return tensor
  }

  /// Throws unless the node has between `minimum` and `maximum` inputs and exactly `outputs` outputs.
  func expect(inputs minimum: Int, _ maximum: Int? = nil, outputs count: Int)
    throws(InterpreterError)
  {
    let upper = maximum ?? minimum
    guard (minimum...upper).contains(inputs.count) else {
      let wanted = minimum == upper ? "\(minimum)" : "\(minimum)–\(upper)"
      throw invalid("expected \(wanted) inputs, found \(inputs.count)")
    }
    guard outputs.count == count else {
      throw invalid("expected \(count) outputs, found \(outputs.count)")
    }
  }

  /// The node's options as `T`; any other options table is an error (`options are X, not Y`),
  /// and so is none (NONE) unless `noneMeansDefaults`, where TFLite reads a missing table as
  /// the schema's defaults.
  func options<T: BuiltinOptionsTable>(_ type: T.Type, noneMeansDefaults: Bool = false)
    throws(InterpreterError) -> T
  {
    if let decoded = options.decoded(as: type) { return decoded }
    if noneMeansDefaults && options.type == .noOptions { return T.defaults }
    let wanted = T.tags.map(\.name).joined(separator: " or ")
    throw invalid("options are \(options.typeName), not \(wanted)")
  }

  /// The node's tensor types, e.g. `float32, float32 -> float32`, for error messages.
  var typeSummary: String {
    let input = inputs.map { $0.map { $0.type.description } ?? "none" }.joined(separator: ", ")
    return input + " -> " + outputs.map(\.type.description).joined(separator: ", ")
  }

  /// An error saying this node's types or options are not supported.
  func unsupported(_ reason: String) -> InterpreterError {
    .unsupportedNode(name: operatorName, node: index, types: typeSummary, reason: reason)
  }

  /// An error saying this node is inconsistent.
  func invalid(_ reason: String) -> InterpreterError {
    .invalidNode(name: operatorName, node: index, reason: reason)
  }

  /// Sets output `position`'s shape. As in TFLite, the shape the model declares is only a
  /// hint: what the inputs give wins (it differs after an input is resized).
  mutating func setOutputShape(_ position: Int, _ shape: [Int]) throws(InterpreterError) {
    guard shape.allSatisfy({ $0 >= 0 }) else {
      throw invalid("computed output shape \(shape) is negative")
    }
    outputs[position].shape = shape
  }
}
