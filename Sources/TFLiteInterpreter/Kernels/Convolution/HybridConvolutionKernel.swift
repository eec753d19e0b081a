import TFLiteModel

/// CONV_2D with float32 activations and int8 weights (hybrid, "dynamic-range" quantization),
/// as TFLite's `conv.cc` runs it:
///
/// - weights whose per-channel scales differ (`EvalHybridPerChannel`): each image is quantized
///   asymmetrically (``HybridQuantization``); `acc = Σ w · (q − zeroPoint)` over the taps
///   inside the image; `out = Float(acc) · scale[oc] · imageScale`;
/// - one weight scale, or all equal (`EvalHybrid`): each image is quantized symmetrically and
///   `out = Float(acc) · (imageScale · scale)`;
///
/// then `+ bias` and the fused activation. Sums are `Int32`, wrapping as in C++. A scalar loop
/// over output rows, split over threads (each output is one fixed sum).
final class HybridConvolutionKernel: Kernel {
  private let geometry: ConvolutionGeometry
  private let outputChannels: Int
  private let filter: HybridFilter
  /// Per-channel arithmetic (asymmetric inputs), else per-tensor (symmetric inputs).
  private let perChannel: Bool
  private let activation: FusedActivation
  private let hasBias: Bool
  private let input: HybridInputRows
  var scratchBytes: Int { input.scratchBytes }

  /// Checks the weights' quantization for `operands` (hybrid) and prepares the kernel.
  init(
    geometry: ConvolutionGeometry, outputChannels: Int, operands: ConvolutionOperands,
    activation: ActivationFunction, node: NodeContext
  ) throws(InterpreterError) {
    self.geometry = geometry
    self.outputChannels = outputChannels
    filter = try HybridFilter(
      operands.filter, channels: outputChannels, channelDimension: 0, node)
    perChannel = filter.perChannel && filter.scalesDiffer
    self.activation = try FusedActivation(activation, node: node)
    hasBias = operands.bias != nil
    input = HybridInputRows(
      rows: geometry.batch,
      length: geometry.inputHeight * geometry.inputWidth
        * geometry.inputChannels, asymmetric: perChannel)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    guard g.batch * g.outputPixels > 0, outputChannels > 0, let scratch = io.scratch else {
      return
    }
    let (images, values) = input.quantize(
      io.input(0, as: Float.self), scratch: scratch, pool: io.pool)
    if !perChannel {
      for b in 0..<g.batch { images[b].scale *= filter.scales[0] }
    }
    let weights = io.input(1, as: Int8.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let rowWork = g.outputWidth * outputChannels * g.filterHeight * g.filterWidth * g.inputChannels
    io.pool.parallelFor(
      g.batch * g.outputHeight, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))
    ) { rows in
      for row in rows {
        self.outputRow(
          row, images: UnsafePointer(images), values: UnsafePointer(values), weights: weights,
          bias: bias, output: output)
      }
    }
  }

  /// Computes output row `row` (counted over `batch × outputHeight`).
  private func outputRow(
    _ row: Int, images: UnsafePointer<HybridQuantization.Row>, values: UnsafePointer<Int8>,
    weights: UnsafePointer<Int8>, bias: UnsafePointer<Float>?, output: UnsafeMutablePointer<Float>
  ) {
    let g = geometry
    let (b, oy) = (row / g.outputHeight, row % g.outputHeight)
    let image = values + b * input.length
    let (imageScale, offset) = (images[b].scale, images[b].offset)
    let depth = g.inputChannels
    var o = row * g.outputWidth * outputChannels
    for ox in 0..<g.outputWidth {
      for oc in 0..<outputChannels {
        var acc: Int32 = 0
        for ky in 0..<g.filterHeight {
          let y = oy * g.strideHeight - g.padTop + ky * g.dilationHeight
          guard y >= 0 && y < g.inputHeight else { continue }
          for kx in 0..<g.filterWidth {
            let x = ox * g.strideWidth - g.padLeft + kx * g.dilationWidth
            guard x >= 0 && x < g.inputWidth else { continue }
            let pixel = image + (y * g.inputWidth + x) * depth
            let tap = weights + ((oc * g.filterHeight + ky) * g.filterWidth + kx) * depth
            for ic in 0..<depth {
              acc = acc &+ Int32(tap[ic]) &* (Int32(pixel[ic]) &- offset)
            }
          }
        }
        let scaled =
          perChannel ? Float(acc) * filter.scales[oc] * imageScale : Float(acc) * imageScale
        output[o] = activation.apply(scaled + (bias?[oc] ?? 0))
        o += 1
      }
    }
  }
}
