import TFLiteModel

/// RESIZE_BILINEAR on float32 NHWC tensors, with TFLite's reference coordinate mapping: source
/// coordinate `y · scale` (or `(y + 0.5) · scale - 0.5` with half_pixel_centers), neighbours
/// `max(⌊·⌋, 0)` and `min(⌈·⌉, size - 1)`, weights taken from the clamped lower neighbour.
/// align_corners and half_pixel_centers together are rejected, as in TFLite.
///
/// uint8, int8 and int16 inputs are handed to ``QuantizedResizeBilinearKernel`` from the same
/// factory entry.
final class ResizeBilinearKernel: Kernel {
  static let sourceFile = #filePath

  private let geometry: ResizeGeometry
  private let heightScale, widthScale: Float
  private let halfPixelCenters: Bool

  private init(geometry: ResizeGeometry, alignCorners: Bool, halfPixelCenters: Bool) {
    self.geometry = geometry
    (heightScale, widthScale) = geometry.scales(alignCorners: alignCorners)
    self.halfPixelCenters = halfPixelCenters
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let geometry = try ResizeGeometry(node)
    let input = try node.inputMatchingOutput()
    let quantized: Set<TensorType> = [.uint8, .int8, .int16]
    guard input.type == .float32 || quantized.contains(input.type) else {
      throw node.unsupported(
        "\(input.type) is not supported (float32, uint8, int8 and int16 are)")
    }
    var (alignCorners, halfPixelCenters) = (false, false)
    if node.options.type == .resizeBilinearOptions,
      let options = node.options.decoded(as: ResizeOptions.self)
    {
      (alignCorners, halfPixelCenters) = (options.alignCorners, options.halfPixelCenters)
    }
    if alignCorners && halfPixelCenters {
      throw node.invalid("align_corners and half_pixel_centers cannot both be set")
    }
    if input.type == .int8 || input.type == .int16 {
      let limit = QuantizedResizeBilinearKernel.maximumIntegerSize
      guard geometry.inputHeight <= limit, geometry.inputWidth <= limit else {
        throw node.unsupported(
          "input \(geometry.inputHeight)×\(geometry.inputWidth) is too large for the integer kernel (at most \(limit))"
        )
      }
    }
    try node.setOutputShape(0, geometry.outputShape)
    if input.type != .float32 {
      return QuantizedResizeBilinearKernel(
        type: input.type, geometry: geometry, alignCorners: alignCorners,
        halfPixelCenters: halfPixelCenters, kernels: node.kernels)
    }
    return ResizeBilinearKernel(
      geometry: geometry, alignCorners: alignCorners, halfPixelCenters: halfPixelCenters)
  }

  /// Source coordinate and its two neighbours along one axis (reference arithmetic).
  @inline(__always)
  private func sample(_ index: Int, scale: Float, size: Int) -> (
    position: Float, lower: Int, upper: Int
  ) {
    let position = halfPixelCenters ? (Float(index) + 0.5) * scale - 0.5 : Float(index) * scale
    let lower = max(Int(position.rounded(.down)), 0)
    let upper = min(Int(position.rounded(.up)), size - 1)
    return (position, lower, upper)
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    let g = geometry
    let rows = g.batches * g.outputHeight
    // An empty output may have huge other dimensions: leave before multiplying them.
    guard rows > 0, g.outputWidth > 0, g.channels > 0 else { return }
    let work = g.outputWidth * g.channels
    io.pool.parallelFor(rows, minimumChunk: max(1, 16_384 / work)) { range in
      for row in range {
        let batch = row / g.outputHeight
        let y = row % g.outputHeight
        let (inY, y0, y1) = self.sample(y, scale: self.heightScale, size: g.inputHeight)
        let dy = inY - Float(y0)
        let oneMinusDy = 1 - dy
        let top = input + (batch * g.inputHeight + y0) * g.inputWidth * g.channels
        let bottom = input + (batch * g.inputHeight + y1) * g.inputWidth * g.channels
        for x in 0..<g.outputWidth {
          let (inX, x0, x1) = self.sample(x, scale: self.widthScale, size: g.inputWidth)
          let dx = inX - Float(x0)
          let oneMinusDx = 1 - dx
          let out = output + (row * g.outputWidth + x) * g.channels
          let p00 = top + x0 * g.channels
          let p01 = top + x1 * g.channels
          let p10 = bottom + x0 * g.channels
          let p11 = bottom + x1 * g.channels
          // The reference's expression, term by term and left to right, eight channels at a time.
          var c = 0
          while c + 8 <= g.channels {
            let v00 = VectorMath.load(p00 + c)
            let v10 = VectorMath.load(p10 + c)
            let v01 = VectorMath.load(p01 + c)
            let v11 = VectorMath.load(p11 + c)
            let value =
              v00 * oneMinusDy * oneMinusDx + v10 * dy * oneMinusDx + v01 * oneMinusDy * dx
              + v11 * dy * dx
            VectorMath.store(value, out + c)
            c += 8
          }
          while c < g.channels {
            out[c] =
              p00[c] * oneMinusDy * oneMinusDx + p10[c] * dy * oneMinusDx + p01[c] * oneMinusDy
              * dx + p11[c] * dy * dx
            c += 1
          }
        }
      }
    }
  }
}
