internal import OcellusKernels
import TFLiteModel

/// RESIZE_BILINEAR on uint8, int8 and int16 NHWC tensors, bit-exact with TFLite's reference
/// kernels, which differ by type:
///
/// - uint8 runs the generic float kernel: the same source coordinates and weights as
///   ``ResizeBilinearKernel`` (float, term by term, left to right), plus 0.5, truncated.
/// - int8 and int16 run `ResizeBilinearInteger`: scales in 1/1024 steps
///   (`(1024 · in + out / 2) / out`, or with `in − 1`, `out − 1` under align_corners), source
///   coordinates `y · scale` (or `y · scale + scale / 2 − 512` with half_pixel_centers),
///   neighbours `max(c / 1024, 0)` and `min((c + 1023) / 1024, size − 1)` (C division), and the
///   four weighted values summed in 64 bits, rounded half away from zero at 2^20.
///
/// Quantization parameters are not used: values are interpolated as stored, as in TFLite.
final class QuantizedResizeBilinearKernel: Kernel {
  static let sourceFile = #filePath
  private let type: TensorType
  private let geometry: ResizeGeometry
  private let halfPixelCenters: Bool
  /// uint8: float scales from output to input coordinates.
  private let heightScale, widthScale: Float
  /// int8/int16: the scales in 1/1024 steps.
  private let heightScale10, widthScale10: Int
  /// uint8 on the vector kernels (every build but the reference one, which keeps the scalar
  /// loop the vector one is tested against): per output column its two input pixels' element
  /// offsets and its weight `dx`, computed once at load.
  private let rowKernel: (kernels: KernelSet, columns: [Int], dx: [Float])?

  /// Largest input height or width for the integer kernel: TFLite computes `1024 · size` in 32
  /// bits.
  static let maximumIntegerSize = Int(Int32.max) >> 10

  init(
    type: TensorType, geometry: ResizeGeometry, alignCorners: Bool, halfPixelCenters: Bool,
    kernels: KernelSet
  ) {
    self.type = type
    self.geometry = geometry
    self.halfPixelCenters = halfPixelCenters
    (heightScale, widthScale) = geometry.scales(alignCorners: alignCorners)
    func scale10(_ input: Int, _ output: Int) -> Int {
      alignCorners && output > 1
        ? ((1 << 10) * (input - 1) + (output - 1) / 2) / (output - 1)
        : ((1 << 10) * input + output / 2) / output
    }
    heightScale10 = scale10(geometry.inputHeight, geometry.outputHeight)
    widthScale10 = scale10(geometry.inputWidth, geometry.outputWidth)
    guard type == .uint8 && !kernels.isReference else {
      rowKernel = nil
      return
    }
    var (columns, dx) = ([Int](), [Float]())
    for x in 0..<geometry.outputWidth {
      let (inX, x0, x1) = Self.sample(
        x, scale: widthScale, size: geometry.inputWidth, halfPixelCenters: halfPixelCenters)
      columns += [x0 * geometry.channels, x1 * geometry.channels]
      dx.append(inX - Float(x0))
    }
    rowKernel = (kernels, columns, dx)
  }

  func run(_ io: KernelIO) {
    switch type {
    case .uint8: runFloat(io)
    case .int8: runInteger(io, Int8.self)
    default: runInteger(io, Int16.self)
    }
  }

  /// TFLite's `ComputeInterpolationValues`: the float source coordinate and its neighbours.
  @inline(__always)
  private func sample(_ index: Int, scale: Float, size: Int) -> (Float, Int, Int) {
    Self.sample(index, scale: scale, size: size, halfPixelCenters: halfPixelCenters)
  }

  /// ``sample(_:scale:size:)`` with the half-pixel-centers option given.
  @inline(__always)
  private static func sample(_ index: Int, scale: Float, size: Int, halfPixelCenters: Bool)
    -> (Float, Int, Int)
  {
    let position = halfPixelCenters ? (Float(index) + 0.5) * scale - 0.5 : Float(index) * scale
    let lower = max(Int(position.rounded(.down)), 0)
    let upper = min(Int(position.rounded(.up)), size - 1)
    return (position, lower, upper)
  }

  /// TFLite's `ComputeInterpolationValuesInteger`: the source coordinate in 1/1024 steps and
  /// its neighbours (Swift's `/` truncates toward zero, as C's does).
  @inline(__always)
  private func sample10(_ index: Int, scale: Int, size: Int) -> (Int, Int, Int) {
    let position = halfPixelCenters ? index * scale + scale / 2 - (1 << 9) : index * scale
    let lower = max(position / (1 << 10), 0)
    let upper = min((position + (1 << 10) - 1) / (1 << 10), size - 1)
    return (position, lower, upper)
  }

  private func runFloat(_ io: KernelIO) {
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    let g = geometry
    let rows = g.batches * g.outputHeight
    guard rows > 0, g.outputWidth > 0, g.channels > 0 else { return }
    if let rowKernel {
      runRows(input, output, rowKernel, pool: io.pool)
      return
    }
    io.pool.parallelFor(rows, minimumChunk: max(1, 16_384 / (g.outputWidth * g.channels))) {
      range in
      for row in range {
        let batch = row / g.outputHeight
        let (inY, y0, y1) = sample(row % g.outputHeight, scale: heightScale, size: g.inputHeight)
        let dy = inY - Float(y0)
        let oneMinusDy = 1 - dy
        let top = input + (batch * g.inputHeight + y0) * g.inputWidth * g.channels
        let bottom = input + (batch * g.inputHeight + y1) * g.inputWidth * g.channels
        for x in 0..<g.outputWidth {
          let (inX, x0, x1) = sample(x, scale: widthScale, size: g.inputWidth)
          let dx = inX - Float(x0)
          let oneMinusDx = 1 - dx
          let out = output + (row * g.outputWidth + x) * g.channels
          let (p00, p01) = (top + x0 * g.channels, top + x1 * g.channels)
          let (p10, p11) = (bottom + x0 * g.channels, bottom + x1 * g.channels)
          for c in 0..<g.channels {
            // The reference expression, term by term and left to right.
            var value = Float(p00[c]) * oneMinusDy * oneMinusDx
            value += Float(p10[c]) * dy * oneMinusDx
            value += Float(p01[c]) * oneMinusDy * dx
            value += Float(p11[c]) * dy * dx
            value += 0.5
            // static_cast<uint8_t>: truncate (the weights keep the value within 0...255.5).
            out[c] = UInt8(truncatingIfNeeded: Int32(min(max(value, -1), 256)))
          }
        }
      }
    }
  }

  /// The uint8 rows on the vector kernels (``runFloat(_:)``'s arithmetic, eight channels at a
  /// time).
  private func runRows(
    _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>,
    _ rowKernel: (kernels: KernelSet, columns: [Int], dx: [Float]), pool: ThreadPool
  ) {
    let g = geometry
    let resizeRow = rowKernel.kernels.entry.resizeRow
    let rowBytes = g.inputWidth * g.channels
    rowKernel.columns.withUnsafeBufferPointer { columns in
      rowKernel.dx.withUnsafeBufferPointer { dx in
        let (columns, dx) = (columns.baseAddress!, dx.baseAddress!)
        pool.parallelFor(
          g.batches * g.outputHeight, minimumChunk: max(1, 16_384 / (g.outputWidth * g.channels))
        ) { range in
          for row in range {
            let batch = row / g.outputHeight
            let (inY, y0, y1) = sample(
              row % g.outputHeight, scale: heightScale, size: g.inputHeight)
            resizeRow(
              (
                top: input + (batch * g.inputHeight + y0) * rowBytes,
                bottom: input + (batch * g.inputHeight + y1) * rowBytes, columns: columns,
                dx: dx, dy: inY - Float(y0), width: g.outputWidth, channels: g.channels,
                output: output + row * g.outputWidth * g.channels
              ))
          }
        }
      }
    }
  }

  private func runInteger<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let g = geometry
    let rows = g.batches * g.outputHeight
    guard rows > 0, g.outputWidth > 0, g.channels > 0 else { return }
    let one = 1 << 10
    io.pool.parallelFor(rows, minimumChunk: max(1, 16_384 / (g.outputWidth * g.channels))) {
      range in
      for row in range {
        let batch = row / g.outputHeight
        let (inY, y0, y1) = sample10(
          row % g.outputHeight, scale: heightScale10, size: g.inputHeight)
        let dy = Int64(inY - one * y0)
        let oneMinusDy = Int64(one) - dy
        let top = input + (batch * g.inputHeight + y0) * g.inputWidth * g.channels
        let bottom = input + (batch * g.inputHeight + y1) * g.inputWidth * g.channels
        for x in 0..<g.outputWidth {
          let (inX, x0, x1) = sample10(x, scale: widthScale10, size: g.inputWidth)
          let dx = Int64(inX - one * x0)
          let oneMinusDx = Int64(one) - dx
          let out = output + (row * g.outputWidth + x) * g.channels
          let (p00, p01) = (top + x0 * g.channels, top + x1 * g.channels)
          let (p10, p11) = (bottom + x0 * g.channels, bottom + x1 * g.channels)
          for c in 0..<g.channels {
            let sum =
              Int64(p00[c]) * oneMinusDy * oneMinusDx + Int64(p10[c]) * dy * oneMinusDx
              + Int64(p01[c]) * oneMinusDy * dx + Int64(p11[c]) * dy * dx
            let rounded = (sum + (sum > 0 ? 1 << 19 : -(1 << 19))) / (1 << 20)
            out[c] = T(truncatingIfNeeded: rounded)
          }
        }
      }
    }
  }
}
