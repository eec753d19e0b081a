import TFLiteModel

/// AVERAGE_POOL_2D and MAX_POOL_2D on uint8, int8 and int16 NHWC tensors, bit-exact with
/// TFLite's reference kernels (same window geometry as ``PoolKernel``).
///
/// The average sums the window's stored values in 32 bits (cells in the padding are not
/// counted) and divides by the cell count rounding half away from zero:
/// `(sum ± count/2) / count`, truncating. The maximum starts from the type's lowest value.
/// Both are then clamped to the fused activation's quantized range. The input's quantization
/// parameters are not used: TFLite only asserts, in debug builds, that they equal the output's.
final class QuantizedPoolKernel: Kernel {
  private let average: Bool
  private let type: TensorType
  private let lower: Int32
  private let upper: Int32
  private let batches: Int
  private let inputHeight: Int
  private let inputWidth: Int
  private let channels: Int
  private let outputHeight: Int
  private let outputWidth: Int
  private let strideHeight: Int
  private let strideWidth: Int
  private let filterHeight: Int
  private let filterWidth: Int
  private let padTop: Int
  private let padLeft: Int

  /// A pool of `input` (NHWC) into `output` (NHWC) with `options`' window and strides and the
  /// leading padding `padTop`/`padLeft`; `range` is the fused activation's clamp.
  init(
    average: Bool, type: TensorType, range: ClosedRange<Int32>, input: [Int], output: [Int],
    options: Pool2DOptions, padTop: Int, padLeft: Int
  ) {
    self.average = average
    self.type = type
    lower = range.lowerBound
    upper = range.upperBound
    batches = input[0]
    inputHeight = input[1]
    inputWidth = input[2]
    channels = input[3]
    outputHeight = output[1]
    outputWidth = output[2]
    strideHeight = options.strideHeight
    strideWidth = options.strideWidth
    filterHeight = options.filterHeight
    filterWidth = options.filterWidth
    self.padTop = padTop
    self.padLeft = padLeft
  }

  func run(_ io: KernelIO) {
    switch type {
    case .uint8: run(io, UInt8.self)
    case .int8: run(io, Int8.self)
    default: run(io, Int16.self)
    }
  }

  private func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let rows = batches * outputHeight
    guard rows > 0, outputWidth > 0, channels > 0 else { return }
    let cells = min(filterHeight, inputHeight) * min(filterWidth, inputWidth)
    let work = max(1, outputWidth * channels * cells)
    io.pool.parallelFor(rows, minimumChunk: max(1, 32_768 / work)) { range in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: channels) { accumulator in
        let accumulator = accumulator.baseAddress.unsafelyUnwrapped
        for row in range {
          pool(row: row, input: input, output: output, accumulator: accumulator)
        }
      }
    }
  }

  /// Computes output row `row` (batch · outputHeight + y): every x and channel, using
  /// `accumulator` (`channels` values) as the running sum or maximum.
  @inline(__always)
  private func pool<T: FixedWidthInteger>(
    row: Int, input: UnsafePointer<T>, output: UnsafeMutablePointer<T>,
    accumulator: UnsafeMutablePointer<Int32>
  ) {
    let batch = row / outputHeight
    let y = row % outputHeight
    let originY = y * strideHeight - padTop
    let firstY = max(0, -originY)
    let endY = max(firstY, min(filterHeight, inputHeight - originY))
    let (channels, lower, upper) = (self.channels, self.lower, self.upper)
    for x in 0..<outputWidth {
      let originX = x * strideWidth - padLeft
      let firstX = max(0, -originX)
      let endX = max(firstX, min(filterWidth, inputWidth - originX))
      let count = (endY - firstY) * (endX - firstX)
      accumulator.update(repeating: average ? 0 : Int32(T.min), count: channels)
      for fy in firstY..<endY {
        let rowBase = ((batch * inputHeight + originY + fy) * inputWidth + originX) * channels
        for fx in firstX..<endX {
          let cell = input + rowBase + fx * channels
          if average {
            for c in 0..<channels { accumulator[c] &+= Int32(cell[c]) }
          } else {
            for c in 0..<channels { accumulator[c] = max(accumulator[c], Int32(cell[c])) }
          }
        }
      }
      let out = output + (row * outputWidth + x) * channels
      if average && count > 0 {
        // The 32-bit sum (wrapping, as TFLite's), rounded and divided in 64 bits so that no
        // window size can overflow the division.
        let half = count / 2
        for c in 0..<channels {
          let sum = Int(accumulator[c])
          let mean = sum > 0 ? (sum + half) / count : (sum - half) / count
          out[c] = T(truncatingIfNeeded: min(max(mean, Int(lower)), Int(upper)))
        }
      } else {
        // A window always covers at least one cell (checked at load); an empty one would
        // leave the starting value, as TFLite's maximum does.
        for c in 0..<channels {
          out[c] = T(truncatingIfNeeded: min(max(accumulator[c], lower), upper))
        }
      }
    }
  }
}
