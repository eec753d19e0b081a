import TFLiteModel

/// TRANSPOSE_CONV on quantized tensors, as TFLite's reference kernels:
///
/// - uint8 and int8 (per-tensor or per-channel int8 weights): `acc = Σ (input − inputZero) ·
///   (weight − weightZero)` in wrapping `Int32`, `+ bias`, requantized per output channel with
///   ``ConvolutionQuantization``'s multipliers, `+ outputZero`, clamped to the activation range;
/// - int16 activations with int8 weights (16x8, zero points 0): `acc = Σ input · weight` in
///   `Int64` (or `Int32` when the bias or `quantized_bias_type` is int32), `+ bias`, requantized
///   with the matching `MultiplyByQuantizedMultiplier` and clamped.
///
/// 8-bit models with constant weights sum on ``QuantizedTransposeGEMM`` (the same Int32 sums)
/// except on the reference kernel build.
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
  /// The 8-bit fast path; nil for 16-bit models, run-time weights and the reference build.
  private let gemm: QuantizedTransposeGEMM?
  var scratchBytes: Int { gemm?.scratchBytes ?? 0 }

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
      gemm = QuantizedTransposeGEMM(
        geometry, quantization, weights: operands.filter.constant, kernels: node.kernels)
      return
    }
    let sixteen = try Int16x8Quantization(
      .convolution, operands, output: node.outputs[0], channels: geometry.outputChannels,
      activation: options.activation, biasType: options.quantizedBiasType, node: node)
    (inputZero, weightZero, outputZero) = (0, 0, 0)
    (multipliers, range, wide) = (sixteen.multipliers, sixteen.range, sixteen.wide)
    gemm = nil
  }

  func run(_ io: KernelIO) {
    if let gemm, let scratch = io.scratch {
      let sums = gemm.contributions(io, scratch: scratch)
      switch type {
      case .uint8: gather(io, sums, width: gemm.width, output: UInt8.self)
      default: gather(io, sums, width: gemm.width, output: Int8.self)
      }
      return
    }
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
    let (inputZero, weightZero) = (Int64(inputZero), Int64(weightZero))
    let multipliers = self.multipliers
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      var acc: Int64 = 0
      g.forEachProduct(b: b, oy: oy, ox: ox, oc: oc) { i, f in
        acc &+= (Int64(input[i]) &- inputZero) &* (Int64(weights[f]) &- weightZero)
      }
      output[o] =
        wide
        ? O(truncatingIfNeeded: self.finish(multipliers[oc].apply(wide: acc &+ (bias64?[oc] ?? 0))))
        : O(truncatingIfNeeded: self.finish(Int32(truncatingIfNeeded: acc), oc, bias32))
    }
  }

  /// The fast path's outputs: each output's contributions (`width` per input pixel) added up,
  /// then requantized; the sources of an output pixel found once for all its channels.
  @inline(__always)
  private func gather<O: FixedWidthInteger>(
    _ io: KernelIO, _ sums: UnsafePointer<Int32>, width: Int, output _: O.Type
  ) {
    let g = geometry
    let output = io.output(0, as: O.self)
    let bias = hasBias ? io.input(3, as: Int32.self) : nil
    let taps = g.filterHeight * g.filterWidth
    g.forEachOutputPixel(pool: io.pool) { b, oy, ox, first in
      // Each source's contribution to channel 0; channel `oc`'s are `oc · taps` further on.
      withUnsafeTemporaryAllocation(of: Int.self, capacity: taps) { offsets in
        var count = 0
        g.forEachSource(b: b, oy: oy, ox: ox) { pixel, fy, fx in
          offsets[count] = pixel * width + fy * g.filterWidth + fx
          count += 1
        }
        for oc in 0..<g.outputChannels {
          var acc: Int32 = 0
          for source in 0..<count { acc &+= sums[offsets[source] + oc * taps] }
          output[first + oc] = O(truncatingIfNeeded: self.finish(acc, oc, bias))
        }
      }
    }
  }

  /// An 8-bit model's output for channel `oc` from its Int32 sum: `+ bias`, requantized.
  @inline(__always)
  private func finish(_ acc: Int32, _ oc: Int, _ bias: UnsafePointer<Int32>?) -> Int32 {
    finish(multipliers[oc].apply(acc &+ (bias?[oc] ?? 0)))
  }

  /// A requantized value `+ outputZero`, clamped to the activation range.
  @inline(__always)
  private func finish(_ scaled: Int32) -> Int32 {
    min(max(scaled &+ outputZero, range.lowerBound), range.upperBound)
  }
}
