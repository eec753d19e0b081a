import TFLiteModel

/// LOGICAL_AND and LOGICAL_OR (two bool operands, NumPy-style broadcasting) and LOGICAL_NOT
/// (one bool operand) on bool tensors of any shape. Any non-zero input byte reads as true; the
/// output bytes are 0 or 1.
struct LogicalKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `booleans`.
  static let booleans = [KernelVariant(LogicalKernel.self, [.bool])]

  /// The logical function.
  enum Function {
    case and, or, not
  }

  private let function: Function
  /// The operands' broadcast (for NOT, the input against itself).
  private let broadcast: Broadcast

  /// The kernel of `function` for the node: bool operands (one for NOT, two otherwise) that
  /// broadcast.
  static func make(_ node: inout NodeContext, _ function: Function)
    throws(InterpreterError) -> any Kernel
  {
    let arity = function == .not ? 1 : 2
    try node.expect(inputs: arity, outputs: 1)
    var inputs: [TensorDescription] = []
    for position in 0..<arity { inputs.append(try node.input(position)) }
    guard inputs.allSatisfy({ $0.type == .bool }), node.outputs[0].type == .bool else {
      throw node.unsupported("operands and result must be bool")
    }
    let shapeB = inputs.last?.shape ?? []
    guard let broadcast = Broadcast(inputs[0].shape, shapeB) else {
      throw node.invalid("shapes \(inputs[0].shape) and \(shapeB) do not broadcast")
    }
    try node.setOutputShape(0, broadcast.shape)
    return LogicalKernel(function: function, broadcast: broadcast)
  }

  func run(_ io: KernelIO) {
    let a = io.input(0, as: UInt8.self)
    let out = io.output(0, as: UInt8.self)
    switch function {
    case .not:
      io.pool.parallelFor(broadcast.count, minimumChunk: 65_536) { range in
        for o in range { out[o] = a[o] == 0 ? 1 : 0 }
      }
    case .and:
      broadcast.map(a, io.input(1, as: UInt8.self), into: out, pool: io.pool) {
        $0 != 0 && $1 != 0 ? 1 : 0
      }
    case .or:
      broadcast.map(a, io.input(1, as: UInt8.self), into: out, pool: io.pool) {
        $0 != 0 || $1 != 0 ? 1 : 0
      }
    }
  }
}
