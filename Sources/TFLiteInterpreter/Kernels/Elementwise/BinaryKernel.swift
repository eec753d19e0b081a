import TFLiteModel

/// ADD, SUB, MUL, DIV, MAXIMUM, MINIMUM, FLOOR_MOD, FLOOR_DIV, SQUARED_DIFFERENCE and ATAN2 on the
/// stored values of float32, int32, int64, int16 and int8 tensors (per operation, the types of
/// ``BinaryOperation/plainTypes``), with NumPy-style broadcasting and the fused activation of
/// ADD/SUB/MUL/DIV: a float clamp, or on integers TFLite's integer clamp (RELU `[0, max]`,
/// RELU6 `[0, 6]`, RELU_N1_TO_1 `[−1, 1]`).
///
/// Quantized operands (``BinaryOperation/quantizedTypes``: uint8/int8/int16 arithmetic and
/// MAXIMUM/MINIMUM, int8 SQUARED_DIFFERENCE) are handed to ``QuantizedBinaryKernel`` from the
/// same factory entries. Integer division by zero gives 0 where TFLite fails at run time (see
/// ``BinaryOperation/apply(_:_:)-(T,T)``).
struct BinaryKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `extrema`.
  static let extrema = [
    KernelVariant(BinaryKernel.self, [.float32, .int32, .int64]),
    KernelVariant(QuantizedBinaryKernel.self, [.int8, .uint8, .int16]),
    KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
  ]

  private let operation: BinaryOperation
  private let type: TensorType
  private let broadcast: Broadcast
  private let activation: FusedActivation

  /// The kernel of `operation` for the node: this kernel for the operation's plain types, a
  /// ``QuantizedBinaryKernel`` for its quantized ones (int16 ADD/MUL: when the output is
  /// quantized).
  static func make(_ node: inout NodeContext, _ operation: BinaryOperation)
    throws(InterpreterError) -> any Kernel
  {
    let (a, b, broadcast) = try node.broadcastOperands()
    guard a.type == b.type, a.type == node.outputs[0].type else {
      throw node.unsupported("operand and result types must match")
    }
    let fused = node.options.decoded(as: ArithmeticOptions.self)?.activation ?? .none
    let quantized = !(node.outputs[0].quantization?.scales.isEmpty ?? true)
    let plain = operation.plainTypes.contains(a.type)
    if operation.quantizedTypes.contains(a.type) && (!plain || quantized) {
      return try QuantizedBinaryKernel.make(&node, operation, broadcast: broadcast, fused: fused)
    }
    guard plain else {
      let accepted = operation.plainTypes.union(operation.quantizedTypes).map(\.description)
      throw node.unsupported(
        "\(a.type) is not supported (\(accepted.sorted().joined(separator: ", ")) are)")
    }
    try node.setOutputShape(0, broadcast.shape)
    return BinaryKernel(
      operation: operation, type: a.type, broadcast: broadcast,
      activation: try FusedActivation(fused, node: node))
  }

  func run(_ io: KernelIO) {
    switch type {
    case .int64: runIntegers(io, Int64.self)
    case .int32: runIntegers(io, Int32.self)
    case .int16: runIntegers(io, Int16.self)
    case .int8: runIntegers(io, Int8.self)
    default: runFloats(io)
    }
  }

  /// The float operation, then the fused activation's clamp. ADD, SUB, MUL, DIV, MAXIMUM,
  /// MINIMUM and SQUARED_DIFFERENCE get a loop of their own (the operation chosen once, so the compiler can vectorize it); the same
  /// arithmetic as ``BinaryOperation/apply(_:_:)-(Float,Float)``.
  private func runFloats(_ io: KernelIO) {
    switch operation {
    case .add: arithmetic(io, FloatAdd.self)
    case .subtract: arithmetic(io, FloatSubtract.self)
    case .multiply: arithmetic(io, FloatMultiply.self)
    case .divide: arithmetic(io, FloatDivide.self)
    case .maximum: arithmetic(io, FloatMaximum.self)
    case .minimum: arithmetic(io, FloatMinimum.self)
    case .squaredDifference: arithmetic(io, FloatSquaredDifference.self)
    default:
      let operation = self.operation
      mapFloats(io) { operation.apply($0, $1) }
    }
  }

  /// A float operation of its own loop (`Operation`) with the clamp, each chunk's loops written out in the chunk
  /// itself with the clamp's bounds copied in: no function value is called per element (on two
  /// threads, per-element calls through a shared closure context ran fifteen times slower than
  /// on one).
  @inline(__always)
  private func arithmetic<Operation: FloatArithmetic>(_ io: KernelIO, _: Operation.Type) {
    let (a, b) = (io.input(0, as: Float.self), io.input(1, as: Float.self))
    let out = io.output(0, as: Float.self)
    let (broadcast, bounds) = (broadcast, (activation.lower, activation.upper))
    let (flat, steps) = (broadcast.isFlat, broadcast.innerSteps)
    io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
      let (lower, upper) = bounds
      @inline(__always)
      func value(_ x: Float, _ y: Float) -> Float {
        let v = Operation.apply(x, y)
        return v < lower ? lower : (v > upper ? upper : v)
      }
      if flat {
        for o in range { out[o] = value(a[o], b[o]) }
        return
      }
      broadcast.forEachRun(in: range) { o, i, j, count in
        switch steps {
        case (1, 1): for k in 0..<count { out[o &+ k] = value(a[i &+ k], b[j &+ k]) }
        case (1, 0):
          let y = b[j]
          for k in 0..<count { out[o &+ k] = value(a[i &+ k], y) }
        case (0, 1):
          let x = a[i]
          for k in 0..<count { out[o &+ k] = value(x, b[j &+ k]) }
        default:
          for k in 0..<count { out[o &+ k] = value(a[i &+ k &* steps.a], b[j &+ k &* steps.b]) }
        }
      }
    }
  }

  @inline(__always)
  private func mapFloats(_ io: KernelIO, _ operation: (Float, Float) -> Float) {
    let activation = self.activation
    broadcast.map(
      io.input(0, as: Float.self), io.input(1, as: Float.self),
      into: io.output(0, as: Float.self), pool: io.pool, minimumChunk: 4096
    ) { activation.apply(operation($0, $1)) }
  }

  /// The integer operation, then TFLite's integer clamp for the fused activation.
  private func runIntegers<T: FixedWidthInteger & SignedInteger>(_ io: KernelIO, _: T.Type) {
    let operation = self.operation
    let lower = activation.lower == -.infinity ? T.min : T(activation.lower)
    let upper = activation.upper == .infinity ? T.max : T(activation.upper)
    broadcast.map(
      io.input(0, as: T.self), io.input(1, as: T.self), into: io.output(0, as: T.self),
      pool: io.pool, minimumChunk: 4096
    ) { min(max(operation.apply($0, $1), lower), upper) }
  }
}
