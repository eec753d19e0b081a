import TFLiteModel

/// AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D on float32 NHWC tensors, with SAME/VALID padding,
/// strides, filter sizes and a fused clamp, following TFLite's reference kernels: SAME puts the
/// odd padding cell at the bottom/right, and windows only visit cells inside the input.
///
/// Quantized (uint8, int8, int16) AVERAGE_POOL_2D and MAX_POOL_2D are handed to
/// ``QuantizedPoolKernel`` from the same factory entries; quantized L2_POOL_2D is rejected, as in
/// TFLite.
final class PoolKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [
    .averagePool2d: { try make(&$0, .average) },
    .maxPool2d: { try make(&$0, .maximum) },
    .l2Pool2d: { try make(&$0, .l2) },
  ]

  private let mode: PoolMode
  private let activation: FusedActivation
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
  /// Cells of padding before the first row / column (SAME only; 0 for VALID).
  private let padTop: Int
  private let padLeft: Int

  private init(
    mode: PoolMode, activation: FusedActivation, input: [Int], output: [Int],
    options: Pool2DOptions, padTop: Int, padLeft: Int
  ) {
    self.mode = mode
    self.activation = activation
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

  private static func make(_ node: inout NodeContext, _ mode: PoolMode) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.input(0)
    guard input.type == node.outputs[0].type else {
      throw node.unsupported("input and output types must match")
    }
    let quantized: Set<TensorType> = [.uint8, .int8, .int16]
    guard input.type == .float32 || (quantized.contains(input.type) && mode != .l2) else {
      throw node.unsupported(
        mode == .l2
          ? "\(input.type) is not supported (only float32)"
          : "\(input.type) is not supported (float32, uint8, int8 and int16 are)")
    }
    guard input.shape.count == 4 else {
      throw node.invalid("input must have rank 4 (NHWC), not shape \(input.shape)")
    }
    guard case .pool2D(let options) = node.options else {
      throw node.invalid("Pool2DOptions are missing")
    }
    guard options.strideHeight > 0, options.strideWidth > 0 else {
      throw node.invalid("strides \(options.strideHeight)×\(options.strideWidth) must be positive")
    }
    guard options.filterHeight > 0, options.filterWidth > 0 else {
      throw node.invalid(
        "filter size \(options.filterHeight)×\(options.filterWidth) must be positive")
    }
    let (outputHeight, padTop) = geometry(
      input.shape[1], filter: options.filterHeight, stride: options.strideHeight,
      padding: options.padding)
    let (outputWidth, padLeft) = geometry(
      input.shape[2], filter: options.filterWidth, stride: options.strideWidth,
      padding: options.padding)
    guard outputHeight >= 0, outputWidth >= 0 else {
      throw node.invalid(
        "a \(options.filterHeight)×\(options.filterWidth) VALID window does not fit input \(input.shape)"
      )
    }
    let output = [input.shape[0], outputHeight, outputWidth, input.shape[3]]
    if input.type != .float32 {
      let range = try PerTensorQuantization(node.outputs[0], "the output", node)
        .activationRange(options.activation, node)
      try node.setOutputShape(0, output)
      return QuantizedPoolKernel(
        average: mode == .average, type: input.type, range: range, input: input.shape,
        output: output, options: options, padTop: padTop, padLeft: padLeft)
    }
    let activation = try FusedActivation(options.activation, node: node)
    try node.setOutputShape(0, output)
    return PoolKernel(
      mode: mode, activation: activation, input: input.shape, output: output, options: options,
      padTop: padTop, padLeft: padLeft)
  }

  /// Output size and leading padding along one axis, as TFLite computes them: SAME gives
  /// ⌈size / stride⌉ outputs and pads ⌊total / 2⌋ before; VALID gives
  /// `(size + stride - filter) / stride` outputs (C division, truncating toward zero) and no padding.
  static func geometry(_ size: Int, filter: Int, stride: Int, padding: Padding) -> (
    count: Int, before: Int
  ) {
    let count: Int
    switch padding {
    case .same: count = (size + stride - 1) / stride
    case .valid: count = (size + stride - filter) / stride
    }
    let total = max(0, (count - 1) * stride + filter - size)
    return (count, total / 2)
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    let rows = batches * outputHeight
    guard rows > 0, outputWidth > 0, channels > 0 else { return }
    // The output and the input are not empty here, so these products are bounded by their sizes.
    let cells = min(filterHeight, inputHeight) * min(filterWidth, inputWidth)
    let work = max(1, outputWidth * channels * cells)
    io.pool.parallelFor(rows, minimumChunk: max(1, 32_768 / work)) { range in
      for row in range { self.pool(row: row, input: input, output: output) }
    }
  }

  /// Computes output row `row` (batch · outputHeight + y): every x and channel.
  @inline(__always)
  private func pool(row: Int, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>) {
    let batch = row / outputHeight
    let y = row % outputHeight
    let originY = y * strideHeight - padTop
    let firstY = max(0, -originY)
    let endY = min(filterHeight, inputHeight - originY)
    for x in 0..<outputWidth {
      let originX = x * strideWidth - padLeft
      let firstX = max(0, -originX)
      let endX = min(filterWidth, inputWidth - originX)
      let cells = max(0, endY - firstY) * max(0, endX - firstX)
      let out = output + ((row * outputWidth) + x) * channels
      // Channels eight at a time, then one at a time; every channel sees the cells in the same
      // row-major order as the reference loop.
      var c = 0
      while c + 8 <= channels {
        var accumulator = VectorMath.Vector(
          repeating: mode == .maximum ? -Float.greatestFiniteMagnitude : 0)
        for fy in firstY..<max(firstY, endY) {
          let rowBase = ((batch * inputHeight + originY + fy) * inputWidth + originX) * channels + c
          for fx in firstX..<max(firstX, endX) {
            let value = VectorMath.load(input + rowBase + fx * channels)
            switch mode {
            case .average: accumulator += value
            case .maximum: accumulator.replace(with: value, where: accumulator .< value)
            case .l2: accumulator += value * value
            }
          }
        }
        VectorMath.store(finish(accumulator, cells: cells), out + c)
        c += 8
      }
      while c < channels {
        var accumulator: Float = mode == .maximum ? -Float.greatestFiniteMagnitude : 0
        for fy in firstY..<max(firstY, endY) {
          let rowBase = ((batch * inputHeight + originY + fy) * inputWidth + originX) * channels + c
          for fx in firstX..<max(firstX, endX) {
            let value = input[rowBase + fx * channels]
            switch mode {
            case .average: accumulator += value
            case .maximum: if accumulator < value { accumulator = value }
            case .l2: accumulator += value * value
            }
          }
        }
        out[c] = finish(VectorMath.Vector(repeating: accumulator), cells: cells)[0]
        c += 1
      }
    }
  }

  /// The window result from its accumulator, clamped by the fused activation.
  @inline(__always)
  private func finish(_ accumulator: VectorMath.Vector, cells: Int) -> VectorMath.Vector {
    var result: VectorMath.Vector
    switch mode {
    case .average: result = accumulator / Float(cells)
    case .maximum: result = accumulator
    case .l2: result = (accumulator / Float(cells)).squareRoot()
    }
    // FusedActivation's clamp, lane by lane (NaN stays NaN).
    result.replace(with: activation.lower, where: result .< activation.lower)
    result.replace(with: activation.upper, where: result .> activation.upper)
    return result
  }
}
