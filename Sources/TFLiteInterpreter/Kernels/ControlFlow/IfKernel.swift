import TFLiteModel

/// IF: runs the then or the else subgraph on inputs 1… depending on the first element of the
/// bool input 0, and returns its outputs. Both branches must return the node's output types
/// with the same static shapes (outputs whose shape depends on the branch are not supported).
struct IfKernel: Kernel {
  static let sourceFile = #filePath

  private let thenBranch, elseBranch: SubgraphExecutor

  var isStateful: Bool { true }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let options = try node.options(IfOptions.self)
    let (thenIndex, elseIndex) = (options.thenSubgraph, options.elseSubgraph)
    let condition = try node.input(0)
    guard condition.type == .bool, condition.elementCount >= 1 else {
      throw node.unsupported("the condition must be a non-empty bool tensor")
    }
    let operands = try SubgraphCall.operands(node, from: 1)
    let shapes = operands.map(\.shape)
    let environment = node.environment
    let thenBranch = try environment.executor(for: thenIndex, inputShapes: shapes)
    let elseBranch = try environment.executor(for: elseIndex, inputShapes: shapes)
    let outputTypes = node.outputs.map(\.type)
    for (branch, role) in [(thenBranch, "the then branch"), (elseBranch, "the else branch")] {
      try SubgraphCall.check(branch, role: role, inputs: operands, outputs: outputTypes, node: node)
    }
    let thenShapes = thenBranch.outputDescriptions.map(\.shape)
    guard thenShapes == elseBranch.outputDescriptions.map(\.shape) else {
      throw node.unsupported(
        "the branches return different shapes (\(thenShapes) and \(elseBranch.outputDescriptions.map(\.shape)))"
      )
    }
    for (position, shape) in thenShapes.enumerated() { try node.setOutputShape(position, shape) }
    return IfKernel(thenBranch: thenBranch, elseBranch: elseBranch)
  }

  func run(_ io: KernelIO) {
    let condition = io.input(0, as: UInt8.self).pointee != 0
    let branch = condition ? thenBranch : elseBranch
    branch.setInputs(SubgraphCall.inputs(io, from: 1))
    branch.run(status: io.status)
    guard io.status.failure == nil else { return }
    branch.copyOutputs(to: Array(io.outputs))
  }
}
