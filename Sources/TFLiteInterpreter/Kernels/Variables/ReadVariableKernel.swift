import TFLiteModel

/// READ_VARIABLE: the current value of a resource variable. Its type and (static) shape are
/// those of the output tensor, which must agree with every other node using the variable.
/// Reading a variable no ASSIGN_VARIABLE has written stops the invocation with
/// ``InterpreterError/variableNotAssigned(name:)``.
final class ReadVariableKernel: Kernel {
  static let sourceFile = #filePath
  static let registrations: [KernelRegistration] = [
    .anyFixedSize(
      .readVariable, ReadVariableKernel.self, data: .output(0),
      notes: "the variable's type; static shape"
    ) { try make(&$0) }
  ]

  private let variable: ResourceVariables.Variable

  private init(variable: ResourceVariables.Variable) { self.variable = variable }

  var isStateful: Bool { true }

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let variable = try ResourceHandle.variable(node)
    let output = node.outputs[0]
    guard output.shape.allSatisfy({ $0 >= 0 }) else {
      throw node.unsupported("the variable's shape \(output.shape) is not static")
    }
    try ResourceHandle.declare(variable, type: output.type, shape: output.shape, node)
    try node.setOutputShape(0, output.shape)
    return ReadVariableKernel(variable: variable)
  }

  func run(_ io: KernelIO) {
    guard variable.isAssigned, let storage = variable.storage else {
      io.outputs[0].initializeMemory(as: UInt8.self, repeating: 0, count: variable.byteCount)
      io.status.fail(.variableNotAssigned(name: variable.name))
      return
    }
    io.outputs[0].copyMemory(from: storage, byteCount: variable.byteCount)
  }
}
