import TFLiteModel

/// TRANSPOSE_CONV on quantized tensors, as TFLite's reference kernels:
///
/// - uint8 and int8 (per-tensor or per-channel int8 weights): `acc = Σ (input − inputZero) ·
///   (weight − weightZero)` in wrapping `Int32`, `+ bias`, requantized per output channel with
///   ``ConvolutionQuantization``'s multipliers, `+ outputZero`, clamped to the activation range;
/// - int16 activations with int8 weights (16x8, zero points 0): `acc = Σ input · weight` in
///   `Int64` (or `Int32` when the bias or `quantized_bias_type` is int32), `+ bias`, requantized
///   with the matching `MultiplyByQuantizedMultiplier` and clamped.
final class QuantizedTransposeConvolutionKernel: Kernel {
  static let sourceFile = #filePath
  private let geometry: TransposeConvolutionGeometry
  private let inputZero, weightZero, outputZero: Int32
  private let multipliers: [QuantizedArithmetic.Multiplier]
  private let range: ClosedRange<Int32>
  /// The input type: uint8, int8 or int16.
  private let type: TensorType
  /// 16-bit models: Int64 accumulators (else Int32).
  private let wide, hasBias: Bool

  /// Reads and checks the node's quantization.
  init(_ geometry: TransposeConvolutionGeometry, options: TransposeConvOptions, node: NodeContext)
    throws(InterpreterError)
  {
    self.geometry = geometry
    let operands = try ConvolutionOperands(transposeConvolution: node)
    type = operands.input.type
    hasBias = operands.bias != nil
    guard type == .int16 else {
      let quantization = try ConvolutionQuantization(
        .convolution, operands, output: node.outputs[0], channels: geometry.outputChannels,
        activation: options.activation, node: node)
      (inputZero, weightZero, outputZero) = (
        quantization.inputZeroPoint, quantization.filterZeroPoint, quantization.outputZeroPoint
      )
      (multipliers, range, wide) = (quantization.multipliers, quantization.range, false)
      return
    }
    let sixteen = try Int16x8Quantization(
      .convolution, operands, output: node.outputs[0], channels: geometry.outputChannels,
      activation: options.activation, biasType: options.quantizedBiasType, node: node)
    (inputZero, weightZero, outputZero) = (0, 0, 0)
    (multipliers, range, wide) = (sixteen.multipliers, sixteen.range, sixteen.wide)
  }

  func run(_ io: KernelIO) {
    switch type {
    case .uint8: accumulate(io, input: UInt8.self, weights: UInt8.self, output: UInt8.self)
    case .int8: accumulate(io, input: Int8.self, weights: Int8.self, output: Int8.self)
    default: accumulate(io, input: Int16.self, weights: Int8.self, output: Int16.self)
    }
  }

  /// The sums for inputs, weights and outputs of the given element types.
  @inline(__always)
  private func accumulate<I: FixedWidthInteger, W: FixedWidthInteger, O: FixedWidthInteger>(
    _ io: KernelIO, input _: I.Type, weights _: W.Type, output _: O.Type
  ) {
    let g = geometry
    let weights = io.input(1, as: W.self)
    let input = io.input(2, as: I.self)
    let output = io.output(0, as: O.self)
    let (wide, hasBias) = (self.wide, self.hasBias)
    let bias32 = hasBias && !wide ? io.input(3, as: Int32.self) : nil
    let bias64 = hasBias && wide ? io.input(3, as: Int64.self) : nil
    let (inputZero, weightZero, outputZero) = (Int64(inputZero), Int64(weightZero), outputZero)
    let (multipliers, range) = (self.multipliers, self.range)
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      var acc: Int64 = 0
      g.forEachProduct(b: b, oy: oy, ox: ox, oc: oc) { i, f in
        acc &+= (Int64(input[i]) &- inputZero) &* (Int64(weights[f]) &- weightZero)
      }
      let scaled =
        wide
        ? multipliers[oc].apply(wide: acc &+ (bias64?[oc] ?? 0))
        : multipliers[oc].apply(Int32(truncatingIfNeeded: acc) &+ (bias32?[oc] ?? 0))
      let value = min(max(scaled &+ outputZero, range.lowerBound), range.upperBound)
      output[o] = O(truncatingIfNeeded: value)
    }
  }
}
