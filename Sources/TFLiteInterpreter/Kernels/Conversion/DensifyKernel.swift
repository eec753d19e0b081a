import TFLiteModel

/// DENSIFY: the dense form of a sparse constant. The interpreter densifies sparse constants
/// once at load (see ``SparsityParameters``), so the input is already dense and this copies
/// it; with a constant input the node is evaluated at load too.
final class DensifyKernel: Kernel {
  static let sourceFile = #filePath

  private let byteCount: Int

  private init(byteCount: Int) { self.byteCount = byteCount }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    guard input.type.byteSize != nil else {
      throw node.unsupported("\(input.type) is not supported")
    }
    try node.setOutputShape(0, input.shape)
    return DensifyKernel(byteCount: input.byteCount)
  }

  func run(_ io: KernelIO) {
    guard let source = io.inputs[0] else { return }
    io.outputs[0].copyMemory(from: source, byteCount: byteCount)
  }
}
