import TFLiteModel

/// The integer parameters of a 16x8-quantized CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED
/// (TRANSPOSE_CONV too, checked as CONV_2D): int16 activations with zero points 0, int8
/// weights per tensor or per output channel, int64 or int32 bias; checked and computed at
/// load as TFLite's `Prepare` does.
///
/// Requantization follows TFLite's reference kernels for int16 inputs:
/// - CONV_2D and DEPTHWISE_CONV_2D: `MultiplyByQuantizedMultiplier` with the per-channel
///   multiplier of `Double(inputScale) · Double(filterScale[c]) / Double(outputScale)` — the
///   int64 variant (multiplier reduced to 16 bits) for an int64 bias, the int32 one (on the
///   wrapped 32-bit sum) for an int32 bias;
/// - FULLY_CONNECTED: `Int32(round(Double(acc) · scale[c]))` with the same per-channel ratio
///   in double (x86's conversion: out of range gives `Int32.min`), the filter's zero point
///   subtracted when it is quantized per tensor.
struct Int16x8Quantization {
  /// Per output channel: the fixed-point multiplier (CONV_2D, DEPTHWISE_CONV_2D).
  let multipliers: [QuantizedArithmetic.Multiplier]
  /// Per output channel: the double requantization scale (FULLY_CONNECTED), else nil.
  let scales: [Double]?
  /// The output clamp (the fused activation within −32768...32767).
  let range: ClosedRange<Int32>
  /// True for an int64 bias (or none with an int64 `quantized_bias_type`): sums stay 64-bit;
  /// false for int32, whose sums wrap at 32 bits.
  let wide: Bool
  /// Subtracted from every weight: a per-tensor FULLY_CONNECTED filter's zero point, else 0.
  let filterZeroPoint: Int32

  /// Reads and checks the quantization of `operands` (int16 input) and `output` for `op`
  /// with `channels` output channels, the fused `activation` and the options'
  /// `quantizedBiasType` (`.float32`, the schema default, when absent).
  ///
  /// Throws `unsupported` for other types (weights not int8, output not int16, a bias not
  /// int64/int32, an int32 bias on DEPTHWISE_CONV_2D as in TFLite) and `invalid` for nonzero
  /// activation zero points or scales that do not fit the channels.
  init(
    _ op: ConvolutionQuantization.Operator, _ operands: ConvolutionOperands,
    output: TensorDescription, channels: Int, activation: ActivationFunction,
    biasType quantizedBiasType: TensorType, node: NodeContext
  ) throws(InterpreterError) {
    let (filter, bias) = (operands.filter, operands.bias)
    guard filter.type == .int8, output.type == .int16 else {
      throw node.unsupported(
        "int16 activations need int8 weights and an int16 output (16x8), found \(filter.type) weights and a \(output.type) output"
      )
    }
    let input = try PerTensorQuantization(operands.input, "the input", node)
    let outputParameters = try PerTensorQuantization(output, "the output", node)
    try outputParameters.requireScale("the output", node)
    guard input.zeroPoint == 0, outputParameters.zeroPoint == 0 else {
      throw node.invalid("16x8 models need input and output zero points of 0")
    }
    let biasType = bias?.type ?? quantizedBiasType
    wide = try Self.checkBias(bias, op, biasType: biasType, node)
    range = try outputParameters.activationRange(activation, node)
    let filterScales = try Self.filterScales(filter, channels: channels, node)
    filterZeroPoint = try Self.filterZeroPoint(op, filter, perChannel: filterScales.count > 1, node)
    let ratios = (0..<channels).map { channel in
      Double(input.scale) * Double(filterScales[filterScales.count > 1 ? channel : 0])
        / Double(outputParameters.scale)
    }
    if op == .fullyConnected {
      (multipliers, scales) = ([], ratios)
    } else {
      (multipliers, scales) = (ratios.map { QuantizedArithmetic.Multiplier($0) }, nil)
    }
  }

  /// True when sums are 64-bit: a bias, if any, must be int64 (int32 also for CONV_2D and
  /// FULLY_CONNECTED) with zero point 0.
  private static func checkBias(
    _ bias: TensorDescription?, _ op: ConvolutionQuantization.Operator, biasType: TensorType,
    _ node: NodeContext
  ) throws(InterpreterError) -> Bool {
    if let bias {
      let accepted: [TensorType] = op == .depthwise ? [.int64] : [.int64, .int32]
      guard accepted.contains(bias.type) else {
        throw node.unsupported(
          "the bias is \(bias.type); int16 activations need \(accepted.map(\.description).joined(separator: " or "))"
        )
      }
      if let zero = bias.quantization?.perTensor?.zeroPoint, zero != 0 {
        throw node.invalid("the bias zero point is \(zero), not 0")
      }
    }
    return op == .depthwise || biasType != .int32
  }

  /// The filter's scales: one, or one per output channel, finite and non-negative.
  private static func filterScales(
    _ filter: TensorDescription, channels: Int, _ node: NodeContext
  ) throws(InterpreterError) -> [Float] {
    guard let quantization = filter.quantization, quantization.details == nil,
      !quantization.scales.isEmpty
    else {
      throw node.invalid("the quantized filter has no affine quantization parameters")
    }
    let scales = quantization.scales
    guard scales.count == 1 || scales.count == channels else {
      throw node.invalid("the filter has \(scales.count) scales for \(channels) output channels")
    }
    for (index, scale) in scales.enumerated() where !(scale.isFinite && scale >= 0) {
      throw node.invalid(
        "filter scale \(index) is \(scale); scales must be finite and non-negative")
    }
    return scales
  }

  /// The weights' zero point TFLite subtracts: a per-tensor FULLY_CONNECTED filter's (within
  /// int8), else 0 (CONV_2D requires zero points of 0; the per-channel kernels ignore them).
  private static func filterZeroPoint(
    _ op: ConvolutionQuantization.Operator, _ filter: TensorDescription, perChannel: Bool,
    _ node: NodeContext
  ) throws(InterpreterError) -> Int32 {
    let zeroPoints = filter.quantization?.zeroPoints ?? []
    if op == .convolution, let nonzero = zeroPoints.first(where: { $0 != 0 }) {
      throw node.invalid("int8 filters must have zero points of 0, found \(nonzero)")
    }
    guard op == .fullyConnected, !perChannel, let zero = zeroPoints.first else { return 0 }
    guard (-128...127).contains(zero) else {
      throw node.invalid("the filter zero point \(zero) is outside the int8 range")
    }
    return Int32(zero)
  }

  /// Requantizes the sum `acc` (bias included; wrapped to 32 bits unless ``wide``) of output
  /// channel `channel` and clamps it to the activation range, as TFLite's int16 reference
  /// kernels do.
  @inline(__always)
  func finish(_ acc: Int64, channel: Int) -> Int16 {
    let sum = wide ? acc : Int64(Int32(truncatingIfNeeded: acc))
    let scaled: Int32
    if let scales {
      let value = (Double(sum) * scales[channel]).rounded(.toNearestOrAwayFromZero)
      scaled = value >= -2_147_483_648.0 && value < 2_147_483_648.0 ? Int32(value) : Int32.min
    } else if wide {
      scaled = multipliers[channel].apply(wide: sum)
    } else {
      scaled = multipliers[channel].apply(Int32(truncatingIfNeeded: sum))
    }
    return Int16(truncatingIfNeeded: min(max(scaled, range.lowerBound), range.upperBound))
  }
}
