import TFLiteModel

/// CALL_ONCE: runs its init subgraph (no inputs, no outputs; typically assigning resource
/// variables their initial values) at the interpreter's first invocation, and never again.
struct CallOnceKernel: Kernel {
  static let sourceFile = #filePath

  private let initializer: SubgraphExecutor
  private unowned let environment: ExecutionEnvironment

  var isStateful: Bool { true }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let index = try node.options(CallOnceOptions.self).initSubgraph
    try node.expect(inputs: 0, outputs: 0)
    let initializer = try node.environment.executor(for: index, inputShapes: [])
    guard initializer.subgraph.outputs.isEmpty else {
      throw node.invalid("the init subgraph \(index) must have no outputs")
    }
    return CallOnceKernel(initializer: initializer, environment: node.environment)
  }

  func run(_ io: KernelIO) {
    let index = initializer.subgraphIndex
    guard !environment.initializedSubgraphs.contains(index) else { return }
    initializer.run(status: io.status)
    if io.status.failure == nil { environment.initializedSubgraphs.insert(index) }
  }
}
