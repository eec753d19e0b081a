import TFLiteModel

/// RESIZE_NEAREST_NEIGHBOR on NHWC tensors of float32, or of uint8/int8/int16 (pure data
/// movement: values are copied, so quantization parameters pass through unchanged).
///
/// Source index along an axis, as TFLite's reference: `v = (i + offset) · scale` with offset 0.5
/// under half_pixel_centers (else 0); `round(v)` (half away from zero) with align_corners, else
/// `⌊v⌋`; then at most `size - 1`, and at least 0 under half_pixel_centers.
final class ResizeNearestNeighborKernel: Kernel {
  static let sourceFile = #filePath

  private let geometry: ResizeGeometry
  private let elementSize: Int
  private let heightScale, widthScale: Float
  private let alignCorners, halfPixelCenters: Bool

  private init(
    geometry: ResizeGeometry, elementSize: Int, alignCorners: Bool, halfPixelCenters: Bool
  ) {
    self.geometry = geometry
    self.elementSize = elementSize
    (heightScale, widthScale) = geometry.scales(alignCorners: alignCorners)
    self.alignCorners = alignCorners
    self.halfPixelCenters = halfPixelCenters
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let geometry = try ResizeGeometry(node)
    let input = try node.inputMatchingOutput()
    let supported: Set<TensorType> = [.float32, .uint8, .int8, .int16]
    guard supported.contains(input.type), let elementSize = input.type.byteSize else {
      throw node.unsupported("\(input.type) is not supported (float32, uint8, int8, int16 are)")
    }
    var (alignCorners, halfPixelCenters) = (false, false)
    if node.options.type == .resizeNearestNeighborOptions,
      let options = node.options.decoded(as: ResizeOptions.self)
    {
      (alignCorners, halfPixelCenters) = (options.alignCorners, options.halfPixelCenters)
    }
    try node.setOutputShape(0, geometry.outputShape)
    return ResizeNearestNeighborKernel(
      geometry: geometry, elementSize: elementSize, alignCorners: alignCorners,
      halfPixelCenters: halfPixelCenters)
  }

  /// The source index for output index `index` along an axis of `size` input cells.
  @inline(__always)
  private func source(_ index: Int, scale: Float, size: Int) -> Int {
    let offset: Float = halfPixelCenters ? 0.5 : 0
    let position = (Float(index) + offset) * scale
    var result = min(
      Int(alignCorners ? position.rounded(.toNearestOrAwayFromZero) : position.rounded(.down)),
      size - 1)
    if halfPixelCenters { result = max(0, result) }
    return result
  }

  func run(_ io: KernelIO) {
    guard let input = io.inputs[0] else { return }
    let output = io.outputs[0]
    let g = geometry
    let rows = g.batches * g.outputHeight
    // An empty output may have huge other dimensions: leave before multiplying them.
    guard rows > 0, g.outputWidth > 0, g.channels > 0 else { return }
    let pixelBytes = g.channels * elementSize
    io.pool.parallelFor(rows, minimumChunk: max(1, 65_536 / max(1, g.outputWidth * pixelBytes))) {
      range in
      for row in range {
        let batch = row / g.outputHeight
        let y = self.source(row % g.outputHeight, scale: self.heightScale, size: g.inputHeight)
        let sourceRow = input + (batch * g.inputHeight + y) * g.inputWidth * pixelBytes
        var target = output + row * g.outputWidth * pixelBytes
        for x in 0..<g.outputWidth {
          let column = self.source(x, scale: self.widthScale, size: g.inputWidth)
          target.copyMemory(from: sourceRow + column * pixelBytes, byteCount: pixelBytes)
          target += pixelBytes
        }
      }
    }
  }
}
