import TFLiteModel

/// int16 ADD and SUB on TFLite's power-of-two path (`pot_scale_int16` set and every scale a
/// power of two, as LSTM graphs quantize them; `Add` with `pot_scale` and `Sub16` in the
/// reference kernels): zero points 0, the input whose scale is below the output's divided by
/// the power of two between them with gemmlowp's int16 `RoundingDivideByPOT` (the other input
/// has the output's scale), the two added or subtracted with int16 saturation, clamped to the
/// fused activation's range, with NumPy-style broadcasting (TFLite's ADD runs this path on
/// same-shape operands only).
final class Int16PowerOfTwoAddSubKernel: Kernel {
  static let sourceFile = #filePath
  private let subtract: Bool
  private let broadcast: Broadcast
  /// Right shifts of input 0 and input 1 (one of them 0).
  private let shiftA, shiftB: Int
  private let lower, upper: Int32

  private init(
    subtract: Bool, broadcast: Broadcast, shifts: (Int, Int), range: ClosedRange<Int32>
  ) {
    self.subtract = subtract
    self.broadcast = broadcast
    (shiftA, shiftB) = shifts
    (lower, upper) = (range.lowerBound, range.upperBound)
  }

  /// The kernel when TFLite would run the int16 ADD/SUB node on its power-of-two path
  /// (`pot_scale_int16` set and every scale within 1e-3 of a power of two in log2, as
  /// `CheckedLog2`), nil otherwise; throws where TFLite's Prepare fails on that path.
  static func make(_ node: inout NodeContext, _ operation: BinaryOperation, _ broadcast: Broadcast)
    throws(InterpreterError) -> (any Kernel)?
  {
    guard node.options.type == .addOptions || node.options.type == .subOptions,
      let options = node.options.decoded(as: ArithmeticOptions.self), options.potScaleInt16
    else { return nil }
    let fused = options.activation
    let tensors = [try node.input(0), try node.input(1), node.outputs[0]]
    var exponents: [Int] = []
    for tensor in tensors {
      guard let scale = tensor.quantization?.perTensor?.scale, scale > 0 else { return nil }
      let log2 = CMath.logf(scale) * (1 / CMath.logf(2))
      let rounded = log2.rounded(.toNearestOrAwayFromZero)
      guard abs(log2 - rounded) < 1e-3 else { return nil }
      exponents.append(Int(rounded))
    }
    let output = try PerTensorQuantization(node.outputs[0], "the output", node)
    let shifts = (exponents[2] - exponents[0], exponents[2] - exponents[1])
    guard min(shifts.0, shifts.1) == 0, shifts.0 >= 0, shifts.1 >= 0, shifts.0 < 32, shifts.1 < 32
    else {
      throw node.unsupported(
        "power-of-two int16 \(operation) needs one input on the output's scale and the other "
          + "on a smaller one")
    }
    for (tensor, role) in zip(tensors, ["input 0", "input 1", "the output"])
    where tensor.quantization?.perTensor?.zeroPoint != 0 {
      throw node.unsupported("int16 \(role) needs zero point 0")
    }
    try node.setOutputShape(0, broadcast.shape)
    return Int16PowerOfTwoAddSubKernel(
      subtract: operation == .subtract, broadcast: broadcast, shifts: shifts,
      range: try output.activationRange(fused, node))
  }

  func run(_ io: KernelIO) {
    let (shiftA, shiftB, lower, upper) = (shiftA, shiftB, lower, upper)
    let subtract = self.subtract
    broadcast.map(
      io.input(0, as: Int16.self), io.input(1, as: Int16.self),
      into: io.output(0, as: Int16.self), pool: io.pool
    ) { x, y in
      let a = Int32(FixedPoint.roundingDivideByPowerOfTwo(x, shiftA))
      let b = Int32(FixedPoint.roundingDivideByPowerOfTwo(y, shiftB))
      return Int16(truncatingIfNeeded: min(max(subtract ? a - b : a + b, lower), upper))
    }
  }
}
