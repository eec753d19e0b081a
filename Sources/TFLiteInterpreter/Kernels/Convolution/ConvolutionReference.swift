/// Plain scalar loops for float CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED, written to be
/// obviously correct: the yardstick the optimized builds are tested against, run when
/// ``KernelSet/Variant/reference`` is chosen.
///
/// Each output is `activation(sum of input × weight over the valid taps, in filter order,
/// + bias)`, as in TFLite's reference kernels.
enum ConvolutionReference {
  /// CONV_2D: input `[B][H][W][IC]`, filter `[OC][KH][KW][IC]`, output `[B][OH][OW][OC]`.
  static func convolution(
    _ g: ConvolutionGeometry, outputChannels: Int, input: UnsafePointer<Float>,
    filter: UnsafePointer<Float>, bias: UnsafePointer<Float>?, activation: FusedActivation,
    output: UnsafeMutablePointer<Float>
  ) {
    forEachOutput(g, channels: outputChannels, bias: bias, activation, output) {
      sum, b, oc, tap in
      let value = input + ((b * g.inputHeight + tap.y) * g.inputWidth + tap.x) * g.inputChannels
      let weight =
        filter + ((oc * g.filterHeight + tap.ky) * g.filterWidth + tap.kx) * g.inputChannels
      for ic in 0..<g.inputChannels { sum += value[ic] * weight[ic] }
    }
  }

  /// DEPTHWISE_CONV_2D: input `[B][H][W][IC]`, filter `[1][KH][KW][IC × multiplier]`, output
  /// `[B][OH][OW][IC × multiplier]`; output channel `oc` reads input channel `oc / multiplier`.
  static func depthwise(
    _ g: ConvolutionGeometry, multiplier: Int, input: UnsafePointer<Float>,
    filter: UnsafePointer<Float>, bias: UnsafePointer<Float>?, activation: FusedActivation,
    output: UnsafeMutablePointer<Float>
  ) {
    let outputChannels = g.inputChannels * multiplier
    forEachOutput(g, channels: outputChannels, bias: bias, activation, output) {
      sum, b, oc, tap in
      let value = input[
        ((b * g.inputHeight + tap.y) * g.inputWidth + tap.x) * g.inputChannels + oc / multiplier]
      sum += value * filter[(tap.ky * g.filterWidth + tap.kx) * outputChannels + oc]
    }
  }

  /// One filter tap of one output pixel: filter row and column, and the input pixel it reads.
  typealias Tap = (ky: Int, kx: Int, y: Int, x: Int)

  /// Writes every output `[B][OH][OW][channels]` in order: `activation(sum + bias[oc])`, where
  /// `accumulate(&sum, batch, oc, tap)` adds each tap's products to `sum` (from 0), over the
  /// taps inside the image in filter order.
  private static func forEachOutput(
    _ g: ConvolutionGeometry, channels: Int, bias: UnsafePointer<Float>?,
    _ activation: FusedActivation, _ output: UnsafeMutablePointer<Float>,
    _ accumulate: (_ sum: inout Float, _ batch: Int, _ oc: Int, _ tap: Tap) -> Void
  ) {
    var o = 0
    for b in 0..<g.batch {
      for oy in 0..<g.outputHeight {
        for ox in 0..<g.outputWidth {
          for oc in 0..<channels {
            var sum: Float = 0
            g.forEachTap(oy: oy, ox: ox) { ky, kx, y, x in accumulate(&sum, b, oc, (ky, kx, y, x)) }
            output[o] = activation.apply(sum + (bias?[oc] ?? 0))
            o += 1
          }
        }
      }
    }
  }

  /// FULLY_CONNECTED: input `[M][K]`, weights `[N][K]`, output `[M][N]`.
  static func fullyConnected(
    rows m: Int, units n: Int, depth k: Int, input: UnsafePointer<Float>,
    weights: UnsafePointer<Float>, bias: UnsafePointer<Float>?, activation: FusedActivation,
    output: UnsafeMutablePointer<Float>
  ) {
    for i in 0..<m {
      for j in 0..<n {
        var sum: Float = 0
        for kk in 0..<k { sum += input[i * k + kk] * weights[j * k + kk] }
        output[i * n + j] = activation.apply(sum + (bias?[j] ?? 0))
      }
    }
  }
}
