import TFLiteModel

/// AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D on float32 NHWC tensors, with SAME/VALID padding,
/// strides, filter sizes and a fused clamp, following TFLite's reference kernels: SAME puts the
/// odd padding cell at the bottom/right, and windows only visit cells inside the input.
///
/// Quantized (uint8, int8, int16) AVERAGE_POOL_2D and MAX_POOL_2D are handed to
/// ``QuantizedPoolKernel`` from the same factory entries; quantized L2_POOL_2D is rejected, as in
/// TFLite.
struct PoolKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `floatOrQuantized`.
  static let floatOrQuantized = [
    KernelVariant(PoolKernel.self, [.float32]),
    KernelVariant(QuantizedPoolKernel.self, [.int8, .uint8, .int16]),
  ]

  private let mode: PoolMode
  private let activation: FusedActivation
  private let geometry: PoolGeometry

  static func make(_ node: inout NodeContext, _ mode: PoolMode) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
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
    let options = try node.options(Pool2DOptions.self)
    let geometry = try PoolGeometry(input: input.shape, options: options, node: node)
    if input.type != .float32 {
      let range = try PerTensorQuantization(node.outputs[0], "the output", node)
        .activationRange(options.activation, node)
      try node.setOutputShape(0, geometry.outputShape)
      return QuantizedPoolKernel(
        average: mode == .average, type: input.type, range: range, geometry: geometry)
    }
    let activation = try FusedActivation(options.activation, node: node)
    try node.setOutputShape(0, geometry.outputShape)
    return PoolKernel(mode: mode, activation: activation, geometry: geometry)
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    geometry.forEachRows(pool: io.pool) { range in
      for row in range { self.pool(row: row, input: input, output: output) }
    }
  }

  /// Computes output row `row` (batch · outputHeight + y): every x and channel.
  @inline(__always)
  private func pool(row: Int, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>) {
    let g = geometry
    let channels = g.channels
    let (batch, originY, tapRows) = g.rows(of: row)
    for x in 0..<g.outputWidth {
      let (originX, tapColumns) = g.columns(of: x)
      let cells = tapRows.count * tapColumns.count
      let out = output + ((row * g.outputWidth) + x) * channels
      // Channels eight at a time, then one at a time; every channel sees the cells in the same
      // row-major order as the reference loop.
      var c = 0
      while c + 8 <= channels {
        var accumulator = VectorMath.Vector(
          repeating: mode == .maximum ? -Float.greatestFiniteMagnitude : 0)
        for fy in tapRows {
          for fx in tapColumns {
            let cell = g.offset(batch: batch, originY: originY, originX: originX, fy: fy, fx: fx)
            let value = VectorMath.load(input + cell + c)
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
        for fy in tapRows {
          for fx in tapColumns {
            let cell = g.offset(batch: batch, originY: originY, originX: originX, fy: fy, fx: fx)
            let value = input[cell + c]
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
