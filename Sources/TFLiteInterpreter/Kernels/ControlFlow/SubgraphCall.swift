import TFLiteModel

/// What control-flow factories check when a node hands tensors to a subgraph.
enum SubgraphCall {
  /// The node's inputs from `first` on, every one present (a subgraph has no optional inputs).
  static func operands(_ node: NodeContext, from first: Int) throws(InterpreterError)
    -> [TensorDescription]
  {
    var operands: [TensorDescription] = []
    for position in first..<node.inputs.count { operands.append(try node.input(position)) }
    return operands
  }

  /// Throws unless `executor`'s inputs have the operands' types and its outputs the types of
  /// `outputs` (when given), naming `role` ("the then branch", "the loop body").
  static func check(
    _ executor: SubgraphExecutor, role: String, inputs: [TensorDescription],
    outputs: [TensorType]?, node: NodeContext
  ) throws(InterpreterError) {
    let inputTypes = executor.inputDescriptions.map(\.type)
    guard inputTypes == inputs.map(\.type) else {
      throw node.invalid(
        "\(role) (subgraph \(executor.subgraphIndex)) takes \(inputTypes), the node passes \(inputs.map(\.type))"
      )
    }
    if let outputs {
      let outputTypes = executor.outputDescriptions.map(\.type)
      guard outputTypes == outputs else {
        throw node.invalid(
          "\(role) (subgraph \(executor.subgraphIndex)) returns \(outputTypes), the node expects \(outputs)"
        )
      }
    }
  }

  /// The inputs of `io` from `first` on, for ``SubgraphExecutor/setInputs(_:)``.
  static func inputs(_ io: KernelIO, from first: Int) -> [UnsafeRawPointer?] {
    Array(io.inputs[first...])
  }
}
