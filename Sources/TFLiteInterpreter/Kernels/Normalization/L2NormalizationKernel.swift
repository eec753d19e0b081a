import TFLiteModel

/// L2_NORMALIZATION over the last dimension, for any rank ≥ 1, as TFLite's reference kernels:
///
/// - float32: per row, `y_i = x_i / max(√Σ x_j², 1e-6)`, the sum of squares in index order;
/// - uint8 / int8: per row, the squared offset values `(q − z)²` summed in int32 (wrapping),
///   their inverse square root as a fixed-point multiplier
///   (``FixedPoint/inverseSquareRoot(_:reverseShift:)``), each offset value scaled by it onto
///   the output scale 1/128: uint8 as `128 + MultiplyByQuantizedMultiplierSmallerThanOneExp(128
///   · d, m, s)` (zero point 128), int8 as `MultiplyByQuantizedMultiplier(d, m, s + 7)` (zero
///   point 0), clamped.
///
/// The fused activation must be NONE and quantized outputs must have scale 1/128 and zero point
/// 128 (uint8) or 0 (int8), as TFLite requires.
struct L2NormalizationKernel: Kernel {
  static let sourceFile = #filePath

  private let type: TensorType
  /// The input's zero point (quantized types).
  private let zeroPoint: Int32
  private let rows: LastDimensionRows

  /// The kernel for the node: type, activation and output quantization checked.
  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    let rows = try LastDimensionRows(input, node)
    if let activation = node.options.decoded(as: L2NormalizationOptions.self)?.activation,
      activation != .none
    {
      throw node.unsupported("fused activation \(activation) is not supported (only NONE)")
    }
    var zeroPoint: Int32 = 0
    switch input.type {
    case .float32: break
    case .uint8, .int8:
      zeroPoint = try PerTensorQuantization.eightBit(input, "input", node).zeroPoint
      let output = try PerTensorQuantization.eightBit(node.outputs[0], "output", node)
      let wanted: Int32 = input.type == .uint8 ? 128 : 0
      guard Double(output.scale) == 1.0 / 128, output.zeroPoint == wanted else {
        throw node.unsupported(
          "the output needs scale 1/128 and zero point \(wanted) (it has \(output.scale), "
            + "\(output.zeroPoint))")
      }
    default:
      throw node.unsupported("\(input.type) is not supported (only float32, uint8 and int8)")
    }
    try node.setOutputShape(0, input.shape)
    return L2NormalizationKernel(type: input.type, zeroPoint: zeroPoint, rows: rows)
  }

  func run(_ io: KernelIO) {
    switch type {
    case .uint8: runQuantized(io, UInt8.self)
    case .int8: runQuantized(io, Int8.self)
    default: runFloats(io)
    }
  }

  /// The float rows.
  private func runFloats(_ io: KernelIO) {
    let depth = rows.depth
    rows.forEach(io, Float.self) { x, y in
      var sum: Float = 0
      for c in 0..<depth { sum += x[c] * x[c] }
      let norm = max(sum.squareRoot(), 1e-6)
      for c in 0..<depth { y[c] = x[c] / norm }
    }
  }

  /// The uint8 (`T` = UInt8) or int8 rows.
  private func runQuantized<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let (depth, zeroPoint) = (rows.depth, self.zeroPoint)
    let unsigned = T.min == 0
    rows.forEach(io, T.self) { x, y in
      var sum: Int32 = 0
      for c in 0..<depth {
        let difference = Int32(x[c]) - zeroPoint
        sum = sum &+ difference * difference
      }
      let inverse = FixedPoint.inverseSquareRoot(sum)
      // int8 folds the output scale 2^7 into the shift; uint8 multiplies by 128 first.
      let signedScale = QuantizedArithmetic.Multiplier(
        multiplier: inverse.multiplier, shift: inverse.shift + 7)
      for c in 0..<depth {
        let difference = Int32(x[c]) - zeroPoint
        let value =
          unsigned ? 128 &+ inverse.apply(128 * difference) : signedScale.apply(difference)
        y[c] = T(truncatingIfNeeded: min(max(value, Int32(T.min)), Int32(T.max)))
      }
    }
  }
}
