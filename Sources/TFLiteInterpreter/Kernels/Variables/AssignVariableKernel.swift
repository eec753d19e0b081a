import TFLiteModel

/// ASSIGN_VARIABLE: stores input 1 in the resource variable of handle input 0. The value's
/// type and static shape must agree with every other node using the variable.
final class AssignVariableKernel: Kernel {
  static let sourceFile = #filePath
  static let registrations: [KernelRegistration] = [
    .anyFixedSize(
      .assignVariable, AssignVariableKernel.self, data: .input(1),
      notes: "the value's type; static shape"
    ) { try make(&$0) }
  ]

  private let variable: ResourceVariables.Variable

  private init(variable: ResourceVariables.Variable) { self.variable = variable }

  var isStateful: Bool { true }

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 0)
    let variable = try ResourceHandle.variable(node)
    let value = try node.input(1)
    guard value.shape.allSatisfy({ $0 >= 0 }) else {
      throw node.unsupported("the value's shape \(value.shape) is not static")
    }
    try ResourceHandle.declare(variable, type: value.type, shape: value.shape, node)
    return AssignVariableKernel(variable: variable)
  }

  func run(_ io: KernelIO) {
    guard let storage = variable.storage, let value = io.inputs[1] else { return }
    storage.copyMemory(from: value, byteCount: variable.byteCount)
    variable.isAssigned = true
  }
}
