import TFLiteModel

/// VAR_HANDLE: the handle (an int32 id in a RESOURCE tensor) of the resource variable named by
/// its options' container and shared name. The handle is fixed at load, so the node is
/// evaluated then and READ_VARIABLE / ASSIGN_VARIABLE see it as a constant.
final class VarHandleKernel: Kernel {
  static let sourceFile = #filePath

  private let handle: Int32

  private init(handle: Int32) { self.handle = handle }

  var producesConstants: Bool { true }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let options = try node.options(VarHandleOptions.self)
    let (container, sharedName) = (options.container, options.sharedName)
    try node.expect(inputs: 0, outputs: 1)
    guard node.outputs[0].type == .resource else {
      throw node.unsupported("the output must be a RESOURCE tensor")
    }
    try node.setOutputShape(0, [])
    let handle = node.environment.resources.handle(container: container, sharedName: sharedName)
    return VarHandleKernel(handle: handle)
  }

  func run(_ io: KernelIO) {
    io.output(0, as: Int32.self).pointee = handle
  }
}
