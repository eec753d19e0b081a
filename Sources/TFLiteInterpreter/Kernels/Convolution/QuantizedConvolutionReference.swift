/// Plain integer loops for quantized CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED, written line
/// by line after TFLite's reference kernels (`reference_ops::Conv`, `DepthwiseConv`,
/// `FullyConnected` and their `reference_integer_ops` per-channel versions): the yardstick the
/// optimized builds are tested against, run when ``KernelSet/Variant/reference`` is chosen (and
/// for depthwise filters too large for the exact float path).
///
/// Each output is `clamp(requantize(Σ (input − inputZero)·(weight − filterZero) + bias) +
/// outputZero)` over the valid taps, the sum in wrapping Int32 arithmetic as TFLite's int32
/// accumulator behaves. Tensors are bytes; int8 values are their bit patterns.
enum QuantizedConvolutionReference {
  /// CONV_2D: input `[B][H][W][IC]`, filter `[OC][KH][KW][IC]`, output `[B][OH][OW][OC]`.
  static func convolution(
    _ g: ConvolutionGeometry, outputChannels: Int, input: UnsafePointer<UInt8>,
    filter: UnsafePointer<UInt8>, bias: UnsafePointer<Int32>?, _ q: ConvolutionQuantization,
    output: UnsafeMutablePointer<UInt8>
  ) {
    for batch in 0..<g.batch {
      for outY in 0..<g.outputHeight {
        let inYOrigin = outY * g.strideHeight - g.padTop
        for outX in 0..<g.outputWidth {
          let inXOrigin = outX * g.strideWidth - g.padLeft
          for outChannel in 0..<outputChannels {
            var acc: Int32 = 0
            for filterY in 0..<g.filterHeight {
              let inY = inYOrigin + g.dilationHeight * filterY
              for filterX in 0..<g.filterWidth {
                let inX = inXOrigin + g.dilationWidth * filterX
                // Zero padding by omitting the areas outside the image.
                guard inX >= 0, inX < g.inputWidth, inY >= 0, inY < g.inputHeight else { continue }
                for inChannel in 0..<g.inputChannels {
                  let inputIndex =
                    ((batch * g.inputHeight + inY) * g.inputWidth + inX) * g.inputChannels
                    + inChannel
                  let filterIndex =
                    ((outChannel * g.filterHeight + filterY) * g.filterWidth + filterX)
                    * g.inputChannels + inChannel
                  acc &+= q.tap(input, inputIndex, filter, filterIndex)
                }
              }
            }
            if let bias { acc &+= bias[outChannel] }
            let index = ((batch * g.outputHeight + outY) * g.outputWidth + outX) * outputChannels
            output[index + outChannel] = finish(acc, channel: outChannel, q)
          }
        }
      }
    }
  }

  /// DEPTHWISE_CONV_2D: input `[B][H][W][IC]`, filter `[1][KH][KW][IC × multiplier]`, output
  /// `[B][OH][OW][IC × multiplier]`; output channel `ic × multiplier + m` reads input channel
  /// `ic`.
  static func depthwise(
    _ g: ConvolutionGeometry, multiplier: Int, input: UnsafePointer<UInt8>,
    filter: UnsafePointer<UInt8>, bias: UnsafePointer<Int32>?, _ q: ConvolutionQuantization,
    output: UnsafeMutablePointer<UInt8>
  ) {
    let outputDepth = g.inputChannels * multiplier
    for batch in 0..<g.batch {
      for outY in 0..<g.outputHeight {
        for outX in 0..<g.outputWidth {
          for inChannel in 0..<g.inputChannels {
            for m in 0..<multiplier {
              let outChannel = m + inChannel * multiplier
              let inXOrigin = outX * g.strideWidth - g.padLeft
              let inYOrigin = outY * g.strideHeight - g.padTop
              var acc: Int32 = 0
              for filterY in 0..<g.filterHeight {
                for filterX in 0..<g.filterWidth {
                  let inX = inXOrigin + g.dilationWidth * filterX
                  let inY = inYOrigin + g.dilationHeight * filterY
                  guard inX >= 0, inX < g.inputWidth, inY >= 0, inY < g.inputHeight else {
                    continue
                  }
                  let inputIndex =
                    ((batch * g.inputHeight + inY) * g.inputWidth + inX) * g.inputChannels
                    + inChannel
                  let filterIndex = (filterY * g.filterWidth + filterX) * outputDepth + outChannel
                  acc &+= q.tap(input, inputIndex, filter, filterIndex)
                }
              }
              if let bias { acc &+= bias[outChannel] }
              let index = ((batch * g.outputHeight + outY) * g.outputWidth + outX) * outputDepth
              output[index + outChannel] = finish(acc, channel: outChannel, q)
            }
          }
        }
      }
    }
  }

  /// FULLY_CONNECTED: input `[M][K]`, weights `[N][K]`, output `[M][N]`.
  static func fullyConnected(
    rows: Int, units: Int, depth: Int, input: UnsafePointer<UInt8>, weights: UnsafePointer<UInt8>,
    bias: UnsafePointer<Int32>?, _ q: ConvolutionQuantization, output: UnsafeMutablePointer<UInt8>
  ) {
    for b in 0..<rows {
      for outChannel in 0..<units {
        var acc: Int32 = 0
        for d in 0..<depth {
          acc &+= q.tap(input, b * depth + d, weights, outChannel * depth + d)
        }
        if let bias { acc &+= bias[outChannel] }
        output[outChannel + units * b] = finish(acc, channel: outChannel, q)
      }
    }
  }

  /// Requantizes one accumulator (bias included) of output channel `channel`: the fixed-point
  /// `MultiplyByQuantizedMultiplier`, or for FULLY_CONNECTED `round(Double(acc) × scale)` with
  /// C's int32 conversion as x86 performs it (out of range: `Int32.min`); then the output zero
  /// point and the clamp (`max` with the lower bound, then `min` with the upper).
  static func finish(_ acc: Int32, channel: Int, _ q: ConvolutionQuantization) -> UInt8 {
    var scaled: Int32
    if let scales = q.scales {
      let value = (Double(acc) * scales[channel]).rounded(.toNearestOrAwayFromZero)
      scaled = value >= -2_147_483_648.0 && value < 2_147_483_648.0 ? Int32(value) : Int32.min
    } else {
      scaled = q.multipliers[channel].apply(acc)
    }
    scaled &+= q.outputZeroPoint
    scaled = max(scaled, q.range.lowerBound)
    scaled = min(scaled, q.range.upperBound)
    return UInt8(truncatingIfNeeded: scaled)
  }
}
