import TFLiteModel

/// BATCH_MATMUL on quantized operands, as TFLite's reference kernel: int8 × int8 → int8 with
/// `Int32` sums, int16 × int16 and int16 × int8 → int16 (16x8 quantization, zero points 0)
/// with `Int64` sums. `acc = Σ_k (rhs − rhsZero) · (lhs − lhsZero)`, requantized with
/// `QuantizeMultiplier(Double(lhsScale · rhsScale) / Double(outputScale))` (the scale product
/// in float), plus the output zero point, clamped to the type's range (no fused activation).
final class QuantizedBatchMatMulKernel: Kernel {
  static let sourceFile = #filePath
  private let shape: BatchMatMulShape
  private let lhsZero, rhsZero, outputZero: Int32
  private let multiplier: QuantizedArithmetic.Multiplier
  private let range: ClosedRange<Int32>
  /// Which loop runs: int8 × int8, int16 × int16 or int16 × int8.
  private let types: (lhs: TensorType, rhs: TensorType)

  /// Reads and checks the operands' quantization.
  init(
    _ shape: BatchMatMulShape, lhs: TensorDescription, rhs: TensorDescription,
    output: TensorDescription, node: NodeContext
  ) throws(InterpreterError) {
    self.shape = shape
    let l = try PerTensorQuantization(lhs, "the left operand", node)
    let r = try PerTensorQuantization(rhs, "the right operand", node)
    let o = try PerTensorQuantization(output, "the output", node)
    try o.requireScale("the output", node)
    if lhs.type == .int16 {
      for (name, q) in [("left operand", l), ("right operand", r), ("output", o)]
      where q.zeroPoint != 0 {
        throw node.invalid(
          "16-bit BATCH_MATMUL needs zero points of 0; the \(name) has \(q.zeroPoint)")
      }
    }
    (lhsZero, rhsZero, outputZero) = (l.zeroPoint, r.zeroPoint, o.zeroPoint)
    multiplier = QuantizedArithmetic.Multiplier(Double(l.scale * r.scale) / Double(o.scale))
    range = o.range
    types = (lhs.type, rhs.type)
  }

  func run(_ io: KernelIO) {
    switch types {
    case (.int8, _): multiply(io, lhs: Int8.self, rhs: Int8.self, output: Int8.self, wide: false)
    case (_, .int8): multiply(io, lhs: Int16.self, rhs: Int8.self, output: Int16.self, wide: true)
    default: multiply(io, lhs: Int16.self, rhs: Int16.self, output: Int16.self, wide: true)
    }
  }

  /// The product with `lhs` and `rhs` elements of the given types, summed in `Int64` when
  /// `wide` (16-bit kernels) and in wrapping `Int32` otherwise.
  @inline(__always)
  private func multiply<L: FixedWidthInteger, R: FixedWidthInteger, O: FixedWidthInteger>(
    _ io: KernelIO, lhs _: L.Type, rhs _: R.Type, output _: O.Type, wide: Bool
  ) {
    let shape = self.shape
    let lhs = io.input(0, as: L.self)
    let rhs = io.input(1, as: R.self)
    let output = io.output(0, as: O.self)
    let depth = shape.depth
    let (lhsZero, rhsZero, outputZero) = (Int64(lhsZero), Int64(rhsZero), outputZero)
    let (multiplier, range) = (multiplier, range)
    shape.forEachOutput(pool: io.pool) { l, r, i, j, index in
      var total: Int64 = 0
      for k in 0..<depth {
        total &+=
          (Int64(rhs[r + shape.rhsIndex(k, j)]) &- rhsZero)
          &* (Int64(lhs[l + shape.lhsIndex(i, k)]) &- lhsZero)
      }
      let scaled =
        wide
        ? multiplier.apply(wide: total) : multiplier.apply(Int32(truncatingIfNeeded: total))
      let value = min(max(scaled &+ outputZero, range.lowerBound), range.upperBound)
      output[index] = O(truncatingIfNeeded: value)
    }
  }
}
