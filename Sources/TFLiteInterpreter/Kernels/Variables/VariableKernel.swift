import TFLiteModel

/// READ_VARIABLE and ASSIGN_VARIABLE on the resource variable of handle input 0.
///
/// - READ_VARIABLE: output 0 is the variable's current value. Reading a variable no
///   ASSIGN_VARIABLE has written stops the invocation with
///   ``InterpreterError/variableNotAssigned(name:)``.
/// - ASSIGN_VARIABLE: stores input 1 in the variable.
///
/// The value's type and static shape (the output's for a read, input 1's for an assignment)
/// must agree with every other node using the variable.
final class VariableKernel: Kernel {
  static let sourceFile = #filePath

  /// What the node does with the variable.
  enum Access {
    /// READ_VARIABLE: copy the variable to output 0.
    case read
    /// ASSIGN_VARIABLE: store input 1 in the variable.
    case assign
  }

  private let variable: ResourceVariables.Variable
  private let access: Access

  private init(_ variable: ResourceVariables.Variable, _ access: Access) {
    self.variable = variable
    self.access = access
  }

  var isStateful: Bool { true }

  /// The kernel of READ_VARIABLE (`.read`) or ASSIGN_VARIABLE (`.assign`).
  static func make(_ node: inout NodeContext, _ access: Access) throws(InterpreterError)
    -> any Kernel
  {
    let reads = access == .read
    try node.expect(inputs: reads ? 1 : 2, outputs: reads ? 1 : 0)
    let variable = try ResourceHandle.variable(node)
    let value = try reads ? node.outputs[0] : node.input(1)
    guard value.shape.allSatisfy({ $0 >= 0 }) else {
      throw node.unsupported(
        "the \(reads ? "variable" : "value")'s shape \(value.shape) is not static")
    }
    try ResourceHandle.declare(variable, type: value.type, shape: value.shape, node)
    if reads { try node.setOutputShape(0, value.shape) }
    return VariableKernel(variable, access)
  }

  func run(_ io: KernelIO) {
    switch access {
    case .read: read(io)
    case .assign: assign(io)
    }
  }

  private func read(_ io: KernelIO) {
    guard variable.isAssigned, let storage = variable.storage else {
      io.outputs[0].initializeMemory(as: UInt8.self, repeating: 0, count: variable.byteCount)
      io.status.fail(.variableNotAssigned(name: variable.name))
      return
    }
    io.outputs[0].copyMemory(from: storage, byteCount: variable.byteCount)
  }

  private func assign(_ io: KernelIO) {
    guard let storage = variable.storage, let value = io.inputs[1] else { return }
    storage.copyMemory(from: value, byteCount: variable.byteCount)
    variable.isAssigned = true
  }
}
