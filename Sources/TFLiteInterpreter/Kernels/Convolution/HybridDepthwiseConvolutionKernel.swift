import TFLiteModel

/// DEPTHWISE_CONV_2D with float32 activations and int8 weights quantized per output channel
/// (hybrid quantization), as TFLite's `DepthwiseConvHybridPerChannel`: each image is quantized
/// asymmetrically (``HybridQuantization``); `acc = Σ w · (q − zeroPoint)` over the taps inside
/// the image; `out = Float(acc) · (scale[oc] · imageScale) + bias[oc]`, then the fused
/// activation. TFLite reads one scale per output channel, so a single weight scale is rejected.
final class HybridDepthwiseConvolutionKernel: Kernel {
  private let geometry: ConvolutionGeometry
  private let multiplier: Int
  private let filter: HybridFilter
  private let activation: FusedActivation
  private let hasBias: Bool
  private let input: HybridInputRows
  var scratchBytes: Int { input.scratchBytes }

  /// Checks the weights' quantization for `operands` (hybrid) and prepares the kernel.
  init(
    geometry: ConvolutionGeometry, multiplier: Int, operands: ConvolutionOperands,
    activation: ActivationFunction, node: NodeContext
  ) throws(InterpreterError) {
    self.geometry = geometry
    self.multiplier = multiplier
    let channels = geometry.inputChannels * multiplier
    filter = try HybridFilter(operands.filter, channels: channels, channelDimension: 3, node)
    guard filter.perChannel || channels == 1 else {
      throw node.unsupported(
        "hybrid depthwise convolution needs one weight scale per output channel (TFLite's only hybrid depthwise kernel); the weights have one scale"
      )
    }
    self.activation = try FusedActivation(activation, node: node)
    hasBias = operands.bias != nil
    input = HybridInputRows(
      rows: geometry.batch,
      length: geometry.inputHeight * geometry.inputWidth
        * geometry.inputChannels, asymmetric: true)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let channels = g.inputChannels * multiplier
    guard g.batch * g.outputPixels > 0, channels > 0, let scratch = io.scratch else { return }
    let (images, values) = input.quantize(
      io.input(0, as: Float.self), scratch: scratch, pool: io.pool)
    let weights = io.input(1, as: Int8.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    g.forEachDepthwiseRows(multiplier: multiplier, pool: io.pool) { rows in
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
    let channels = g.inputChannels * multiplier
    let (b, oy) = (row / g.outputHeight, row % g.outputHeight)
    let image = values + b * input.length
    let (imageScale, offset) = (images[b].scale, images[b].offset)
    var o = row * g.outputWidth * channels
    for ox in 0..<g.outputWidth {
      for oc in 0..<channels {
        let ic = oc / multiplier
        var acc: Int32 = 0
        for ky in 0..<g.filterHeight {
          let y = oy * g.strideHeight - g.padTop + ky * g.dilationHeight
          guard y >= 0 && y < g.inputHeight else { continue }
          for kx in 0..<g.filterWidth {
            let x = ox * g.strideWidth - g.padLeft + kx * g.dilationWidth
            guard x >= 0 && x < g.inputWidth else { continue }
            let value = Int32(image[(y * g.inputWidth + x) * g.inputChannels + ic])
            let weight = Int32(weights[(ky * g.filterWidth + kx) * channels + oc])
            acc = acc &+ weight &* (value &- offset)
          }
        }
        let scaled = Float(acc) * (filter.scale(oc) * imageScale)
        output[o] = activation.apply(scaled + (bias?[oc] ?? 0))
        o += 1
      }
    }
  }
}
