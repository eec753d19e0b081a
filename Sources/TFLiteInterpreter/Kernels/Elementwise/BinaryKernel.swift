import TFLiteModel

/// ADD, SUB, MUL, DIV, MAXIMUM, MINIMUM and FLOOR_MOD on float32 and int32 tensors, with
/// NumPy-style broadcasting and the fused activation of ADD/SUB/MUL/DIV (float only).
///
/// Quantized operands (uint8/int8 ADD, SUB, MUL, MAXIMUM, MINIMUM; int16 MAXIMUM, MINIMUM) are
/// handed to ``QuantizedBinaryKernel`` from the same factory entries.
final class BinaryKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [
    .add: { try make(&$0, .add) },
    .sub: { try make(&$0, .subtract) },
    .mul: { try make(&$0, .multiply) },
    .div: { try make(&$0, .divide) },
    .maximum: { try make(&$0, .maximum) },
    .minimum: { try make(&$0, .minimum) },
    .floorMod: { try make(&$0, .floorMod) },
  ]

  private let operation: BinaryOperation
  private let type: TensorType
  private let broadcast: Broadcast
  private let activation: FusedActivation
  /// Both operands have the output's shape: one flat loop.
  private let sameShape: Bool

  private init(
    operation: BinaryOperation, type: TensorType, broadcast: Broadcast, activation: FusedActivation
  ) {
    self.operation = operation
    self.type = type
    self.broadcast = broadcast
    self.activation = activation
    sameShape = broadcast.stridesA == broadcast.stridesB && !broadcast.stridesA.contains(0)
  }

  private static func make(_ node: inout NodeContext, _ operation: BinaryOperation)
    throws(InterpreterError) -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let a = try node.input(0)
    let b = try node.input(1)
    guard a.type == b.type, a.type == node.outputs[0].type else {
      throw node.unsupported("operand and result types must match")
    }
    let quantized = a.type == .uint8 || a.type == .int8 || a.type == .int16
    guard a.type == .float32 || a.type == .int32 || quantized else {
      throw node.unsupported("\(a.type) is not supported (float32, int32, uint8 and int8 are)")
    }
    guard let broadcast = Broadcast(a.shape, b.shape) else {
      throw node.invalid("shapes \(a.shape) and \(b.shape) do not broadcast")
    }
    let fused: ActivationFunction
    switch node.options {
    case .add(let options), .sub(let options), .mul(let options), .div(let options):
      fused = options.activation
    default: fused = .none
    }
    if quantized {
      return try QuantizedBinaryKernel.make(&node, operation, broadcast: broadcast, fused: fused)
    }
    if a.type == .int32 && fused != .none { throw node.unsupported("fused \(fused) on int32") }
    try node.setOutputShape(0, broadcast.shape)
    return BinaryKernel(
      operation: operation, type: a.type, broadcast: broadcast,
      activation: try FusedActivation(fused, node: node))
  }

  func run(_ io: KernelIO) {
    switch type {
    case .int32:
      let a = io.input(0, as: Int32.self)
      let b = io.input(1, as: Int32.self)
      let out = io.output(0, as: Int32.self)
      let operation = self.operation
      io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
        broadcast.forEach(in: range) { o, i, j in out[o] = operation.apply(a[i], b[j]) }
      }
    default:
      let a = io.input(0, as: Float.self)
      let b = io.input(1, as: Float.self)
      let out = io.output(0, as: Float.self)
      let operation = self.operation
      let activation = self.activation
      if sameShape {
        io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
          for o in range { out[o] = activation.apply(operation.apply(a[o], b[o])) }
        }
      } else {
        io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
          broadcast.forEach(in: range) { o, i, j in
            out[o] = activation.apply(operation.apply(a[i], b[j]))
          }
        }
      }
    }
  }
}
