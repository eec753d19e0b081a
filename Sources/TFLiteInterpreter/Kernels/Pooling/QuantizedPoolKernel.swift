import TFLiteModel

/// AVERAGE_POOL_2D and MAX_POOL_2D on uint8, int8 and int16 NHWC tensors, bit-exact with
/// TFLite's reference kernels (same window geometry as ``PoolKernel``).
///
/// The average sums the window's stored values in 32 bits (cells in the padding are not
/// counted) and divides by the cell count rounding half away from zero:
/// `(sum ± count/2) / count`, truncating. The maximum starts from the type's lowest value.
/// Both are then clamped to the fused activation's quantized range. The input's quantization
/// parameters are not used: TFLite only asserts, in debug builds, that they equal the output's.
final class QuantizedPoolKernel: QuantizedIntegerKernel {
  static let sourceFile = #filePath
  private let average: Bool
  let type: TensorType
  private let lower, upper: Int32
  private let geometry: PoolGeometry

  /// A pool with `geometry`'s windows, averaging or taking the maximum; `range` is the fused
  /// activation's clamp.
  init(average: Bool, type: TensorType, range: ClosedRange<Int32>, geometry: PoolGeometry) {
    self.average = average
    self.type = type
    lower = range.lowerBound
    upper = range.upperBound
    self.geometry = geometry
  }

  func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let channels = geometry.channels
    geometry.forEachRows(pool: io.pool) { range in
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
    let g = geometry
    let (channels, lower, upper) = (g.channels, self.lower, self.upper)
    let (batch, originY, tapRows) = g.rows(of: row)
    for x in 0..<g.outputWidth {
      let (originX, tapColumns) = g.columns(of: x)
      let count = tapRows.count * tapColumns.count
      accumulator.update(repeating: average ? 0 : Int32(T.min), count: channels)
      for fy in tapRows {
        for fx in tapColumns {
          let cell =
            input + g.offset(batch: batch, originY: originY, originX: originX, fy: fy, fx: fx)
          if average {
            for c in 0..<channels { accumulator[c] &+= Int32(cell[c]) }
          } else {
            for c in 0..<channels { accumulator[c] = max(accumulator[c], Int32(cell[c])) }
          }
        }
      }
      let out = output + (row * g.outputWidth + x) * channels
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
