import TFLiteModel

/// Resolves the resource variable a READ_VARIABLE or ASSIGN_VARIABLE node uses: input 0 is a
/// RESOURCE handle that must be known at load (a VAR_HANDLE's output).
enum ResourceHandle {
  /// The variable of the node's handle input.
  static func variable(_ node: NodeContext) throws(InterpreterError) -> ResourceVariables.Variable {
    let input = try node.input(0)
    guard input.type == .resource else {
      throw node.unsupported("input 0 must be a RESOURCE handle, not \(input.type)")
    }
    guard let handle = input.constantValues(as: Int32.self)?.first,
      let variable = node.environment.resources.variable(handle)
    else {
      throw node.unsupported("the variable handle must come from a VAR_HANDLE of this model")
    }
    return variable
  }

  /// Declares that `variable` holds `type` `shape`; throws when another node declared otherwise.
  static func declare(
    _ variable: ResourceVariables.Variable, type: TensorType, shape: [Int], _ node: NodeContext
  ) throws(InterpreterError) {
    let limit = node.environment.options.maxTensorBytes
    if let problem = variable.declare(type: type, shape: shape, maxBytes: limit) {
      throw node.invalid(problem)
    }
  }
}
