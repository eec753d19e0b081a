import TFLiteModel

/// WHILE: the loop variables start as the inputs; while the condition subgraph returns true
/// (first element of its bool output), the body subgraph computes the next values; the outputs
/// are the final values. The body must keep every loop variable's type and static shape. At
/// most ``InterpreterOptions/maxLoopIterations`` iterations run; one more stops the invocation
/// with ``InterpreterError/loopLimitExceeded(subgraph:node:limit:)``.
struct WhileKernel: Kernel {
  static let sourceFile = #filePath

  private let condition, body: SubgraphExecutor
  /// Bytes of each loop variable.
  private let byteCounts: [Int]
  private let limit: Int
  /// Where the node is, for the loop-limit error.
  private let subgraph, node: Int

  var isStateful: Bool { true }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let options = try node.options(WhileOptions.self)
    let (conditionIndex, bodyIndex) = (options.conditionSubgraph, options.bodySubgraph)
    let variables = try SubgraphCall.operands(node, from: 0)
    guard variables.count == node.outputs.count else {
      throw node.invalid("\(variables.count) loop variables but \(node.outputs.count) outputs")
    }
    let shapes = variables.map(\.shape)
    let environment = node.environment
    let condition = try environment.executor(for: conditionIndex, inputShapes: shapes)
    try SubgraphCall.check(
      condition, role: "the condition", inputs: variables, outputs: [.bool], node: node)
    let body = try environment.executor(for: bodyIndex, inputShapes: shapes)
    try SubgraphCall.check(
      body, role: "the loop body", inputs: variables, outputs: variables.map(\.type), node: node)
    let bodyShapes = body.outputDescriptions.map(\.shape)
    guard bodyShapes == shapes else {
      throw node.unsupported(
        "the loop body changes the loop variables' shapes (\(shapes) to \(bodyShapes))")
    }
    for (position, variable) in variables.enumerated() {
      guard node.outputs[position].type == variable.type else {
        throw node.invalid(
          "output \(position) is \(node.outputs[position].type), not \(variable.type)")
      }
      try node.setOutputShape(position, variable.shape)
    }
    return WhileKernel(
      condition: condition, body: body, byteCounts: variables.map(\.byteCount),
      limit: environment.options.maxLoopIterations, subgraph: node.subgraphIndex,
      node: node.index)
  }

  func run(_ io: KernelIO) {
    // The outputs hold the loop variables from the start.
    for (position, count) in byteCounts.enumerated() {
      if let source = io.inputs[position] {
        io.outputs[position].copyMemory(from: source, byteCount: count)
      }
    }
    let state = io.outputs.map { Optional(UnsafeRawPointer($0)) }
    var iterations = 0
    while true {
      condition.setInputs(state)
      condition.run(status: io.status)
      guard io.status.failure == nil, condition.outputFlag(at: 0) else { return }
      guard iterations < limit else {
        io.status.fail(.loopLimitExceeded(subgraph: subgraph, node: node, limit: limit))
        return
      }
      iterations += 1
      body.setInputs(state)
      body.run(status: io.status)
      guard io.status.failure == nil else { return }
      body.copyOutputs(to: Array(io.outputs))
    }
  }
}
