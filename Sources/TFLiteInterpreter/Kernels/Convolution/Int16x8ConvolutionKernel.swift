/// CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED on 16x8-quantized tensors (int16 input and
/// output, int8 weights, int64 or int32 bias; see ``Int16x8Quantization``), written line by
/// line after TFLite's reference kernels (`reference_integer_ops::ConvPerChannel`,
/// `DepthwiseConvPerChannel`, `FullyConnected[PerChannel]` for int16 inputs): each output is
/// `clamp(requantize(Σ input · (weight − filterZero) + bias))` over the valid taps, summed in
/// `Int64` (wrapped to 32 bits at the end for an int32 bias, as TFLite's int32 accumulator).
///
/// Scalar loops, split over output rows (or FULLY_CONNECTED outputs) with the thread pool:
/// every output is computed by one thread in a fixed order, so the result does not depend on
/// the thread count. Every kernel build runs this same code.
struct Int16x8ConvolutionKernel: Kernel {
  static let sourceFile = #filePath
  /// Which operator and its sizes.
  enum Operation {
    /// Input `[B][H][W][IC]`, filter `[OC][KH][KW][IC]`, output `[B][OH][OW][OC]`.
    case convolution(ConvolutionGeometry, outputChannels: Int)
    /// Filter `[1][KH][KW][IC × multiplier]`; output channel `ic × multiplier + m` reads
    /// input channel `ic`.
    case depthwise(ConvolutionGeometry, multiplier: Int)
    /// Input `[M][K]`, weights `[N][K]`, output `[M][N]`.
    case fullyConnected(FullyConnectedKernel.Shape)
  }

  let operation: Operation
  let quantization: Int16x8Quantization

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Int16.self)
    let filter = io.input(1, as: Int8.self)
    let output = io.output(0, as: Int16.self)
    let bias = Bias(pointer: io.inputs.count > 2 ? io.inputs[2] : nil, wide: quantization.wide)
    switch operation {
    case .convolution(let g, let channels):
      convolution(g, channels, input, filter, bias, output, io.pool)
    case .depthwise(let g, let multiplier):
      depthwise(g, multiplier, input, filter, bias, output, io.pool)
    case .fullyConnected(let shape):
      fullyConnected(shape, input, filter, bias, output, io.pool)
    }
  }

  /// The optional bias, int64 or int32, read as `Int64`.
  private struct Bias {
    let pointer: UnsafeRawPointer?
    let wide: Bool

    @inline(__always)
    subscript(channel: Int) -> Int64 {
      guard let pointer else { return 0 }
      return wide
        ? pointer.load(fromByteOffset: channel &* 8, as: Int64.self)
        : Int64(pointer.load(fromByteOffset: channel &* 4, as: Int32.self))
    }
  }

  private func convolution(
    _ g: ConvolutionGeometry, _ channels: Int, _ input: UnsafePointer<Int16>,
    _ filter: UnsafePointer<Int8>, _ bias: Bias, _ output: UnsafeMutablePointer<Int16>,
    _ pool: ThreadPool
  ) {
    let q = quantization
    let depth = g.inputChannels
    let rowWork = g.outputWidth * channels * g.filterHeight * g.filterWidth * depth
    pool.parallelFor(
      g.batch * g.outputHeight, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))
    ) { rows in
      for row in rows {
        let (batch, oy) = (row / g.outputHeight, row % g.outputHeight)
        for ox in 0..<g.outputWidth {
          let pixel = (row * g.outputWidth + ox) * channels
          for oc in 0..<channels {
            var acc: Int64 = 0
            g.forEachTap(oy: oy, ox: ox) { ky, kx, y, x in
              let source = input + ((batch * g.inputHeight + y) * g.inputWidth + x) * depth
              let weights = filter + ((oc * g.filterHeight + ky) * g.filterWidth + kx) * depth
              for ic in 0..<depth {
                acc &+= Int64(Int32(weights[ic]) &* Int32(source[ic]))
              }
            }
            output[pixel + oc] = q.finish(acc &+ bias[oc], channel: oc)
          }
        }
      }
    }
  }

  private func depthwise(
    _ g: ConvolutionGeometry, _ multiplier: Int, _ input: UnsafePointer<Int16>,
    _ filter: UnsafePointer<Int8>, _ bias: Bias, _ output: UnsafeMutablePointer<Int16>,
    _ pool: ThreadPool
  ) {
    let q = quantization
    let channels = g.inputChannels * multiplier
    g.forEachDepthwiseRows(multiplier: multiplier, pool: pool) { rows in
      for row in rows {
        let (batch, oy) = (row / g.outputHeight, row % g.outputHeight)
        for ox in 0..<g.outputWidth {
          let pixel = (row * g.outputWidth + ox) * channels
          for oc in 0..<channels {
            let ic = oc / multiplier
            var acc: Int64 = 0
            g.forEachTap(oy: oy, ox: ox) { ky, kx, y, x in
              let value = input[
                ((batch * g.inputHeight + y) * g.inputWidth + x) * g.inputChannels + ic]
              let weight = filter[(ky * g.filterWidth + kx) * channels + oc]
              acc &+= Int64(Int32(weight) &* Int32(value))
            }
            output[pixel + oc] = q.finish(acc &+ bias[oc], channel: oc)
          }
        }
      }
    }
  }

  private func fullyConnected(
    _ shape: FullyConnectedKernel.Shape, _ input: UnsafePointer<Int16>,
    _ weights: UnsafePointer<Int8>, _ bias: Bias, _ output: UnsafeMutablePointer<Int16>,
    _ pool: ThreadPool
  ) {
    let q = quantization
    let (units, depth, zero) = (shape.units, shape.depth, q.filterZeroPoint)
    pool.parallelFor(
      shape.rows * units, minimumChunk: max(1, GEMM.minimumChunkWork / max(depth, 1))
    ) { outputs in
      for index in outputs {
        let (row, unit) = (index / units, index % units)
        let (x, w) = (input + row * depth, weights + unit * depth)
        var acc: Int64 = 0
        for d in 0..<depth {
          acc &+= Int64((Int32(w[d]) &- zero) &* Int32(x[d]))
        }
        output[index] = q.finish(acc &+ bias[unit], channel: unit)
      }
    }
  }
}
