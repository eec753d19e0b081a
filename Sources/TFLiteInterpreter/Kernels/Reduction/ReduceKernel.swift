import TFLiteModel

/// MEAN, SUM, REDUCE_MAX, REDUCE_MIN and REDUCE_PROD of float32 tensors of any rank over the
/// axes of a constant int32/int64 tensor (negative axes count from the end, duplicates are
/// ignored), with `keep_dims` from ReducerOptions.
///
/// Every output element folds its input elements in row-major order, as TFLite's reference
/// kernel does, whatever the thread count: work is split between output elements only.
///
/// uint8, int8 and int16 inputs are handed to ``QuantizedReduceKernel`` from the same factory
/// entries (and quantized REDUCE_PROD on to ``FoldingReduceKernel``), int32 and int64
/// REDUCE_PROD to ``FoldingReduceKernel``, which also has REDUCE_ANY and REDUCE_ALL.
struct ReduceKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `floatOrQuantized`.
  static let floatOrQuantized = [
    KernelVariant(ReduceKernel.self, [.float32]),
    KernelVariant(QuantizedReduceKernel.self, [.int8, .uint8, .int16]),
  ]

  /// Channels per unit of work when the innermost dimension is kept.
  private static let block = 256

  private let operation: ReduceOperation
  private let inputCount, outputCount: Int
  private let plan: ReducePlan

  /// The reduction of a node's input (input 0) over its axes (input 1), resolved at load.
  struct Axes {
    /// The reduced dimensions, resolved (in range, no duplicates; none for a scalar input).
    var reduced: Set<Int>
    /// The number of output elements (counted with overflow checks).
    var outputCount: Int
  }

  /// Resolves the axes of a reduction node (a constant int32/int64 tensor; negative axes count
  /// from the end, duplicates are ignored, a scalar input ignores them as TFLite does) and
  /// sets the output shape, honouring `keep_dims`.
  static func resolveAxes(_ node: inout NodeContext, input: TensorDescription)
    throws(InterpreterError) -> Axes
  {
    let axisTensor = try node.input(1)
    guard axisTensor.type == .int32 || axisTensor.type == .int64 else {
      throw node.unsupported("the axis tensor has type \(axisTensor.type), not int32 or int64")
    }
    // An empty axis tensor has nothing to read, whether or not the model gives it data.
    guard let axisValues = axisTensor.elementCount == 0 ? [] : axisTensor.constantIntegers()
    else {
      throw node.unsupported("the axis tensor must be constant")
    }
    let keepDims = node.options.decoded(as: ReducerOptions.self)?.keepDims ?? false
    let rank = input.shape.count
    var axes = Set<Int>()
    if rank > 0 {
      for value in axisValues {
        guard value >= -rank && value < rank else {
          throw node.invalid("axis \(value) is out of range for rank \(rank)")
        }
        axes.insert(value < 0 ? value + rank : value)
      }
    }
    var output: [Int] = []
    for (axis, size) in input.shape.enumerated() {
      if !axes.contains(axis) {
        output.append(size)
      } else if keepDims {
        output.append(1)
      }
    }
    try node.setOutputShape(0, output)
    // Count with overflow checks: with an empty input, the kept dimensions may be huge.
    guard let outputCount = ShapeRules.elementCount(output) else {
      throw node.invalid("output shape \(output) is too large")
    }
    return Axes(reduced: axes, outputCount: outputCount)
  }

  static func make(_ node: inout NodeContext, _ operation: ReduceOperation)
    throws(InterpreterError) -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.inputMatchingOutput()
    let quantized = input.type == .uint8 || input.type == .int8 || input.type == .int16
    let integer = operation == .product && (input.type == .int32 || input.type == .int64)
    guard input.type == .float32 || quantized || integer else {
      let integers = operation == .product ? ", int32 and int64" : ""
      throw node.unsupported(
        "\(input.type) is not supported (float32, uint8, int8, int16\(integers) are)")
    }
    let axes = try resolveAxes(&node, input: input)
    if integer {
      return try FoldingReduceKernel.make(&node, .product, input: input, axes: axes)
    }
    if quantized {
      // The reduced count; an empty input has nothing to count (and may have huge dimensions).
      let reducedCount =
        input.elementCount == 0 ? 0 : axes.reduced.reduce(1) { $0 * input.shape[$1] }
      return try QuantizedReduceKernel.make(
        &node, operation, input: input, axes: axes.reduced, outputCount: axes.outputCount,
        reducedCount: reducedCount)
    }
    return ReduceKernel(
      operation: operation, inputCount: input.elementCount, outputCount: axes.outputCount,
      plan: ReducePlan(input: input.shape, inputCount: input.elementCount, reducing: axes.reduced))
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    guard inputCount > 0 else {
      // Nothing to fold: TFLite's MEAN gives NaN, the others their starting value.
      let fill: Float = operation == .mean ? .nan : operation.initial
      output.update(repeating: fill, count: outputCount)
      return
    }
    let (inner, reducedCount) = (plan.inner, plan.reducedCount)
    if plan.innerKept {
      let blocks = (inner + Self.block - 1) / Self.block
      let units = outputCount / inner * blocks
      let work = max(1, reducedCount * min(inner, Self.block))
      io.pool.parallelFor(units, minimumChunk: max(1, 16_384 / work)) { range in
        for unit in range {
          let row = unit / blocks
          let first = (unit % blocks) * Self.block
          self.reduceRow(
            row, channels: first..<min(inner, first + Self.block), input: input, output: output)
        }
      }
    } else {
      let work = max(1, reducedCount)
      io.pool.parallelFor(outputCount, minimumChunk: max(1, 16_384 / work)) { range in
        for index in range { output[index] = self.reduceOne(index, input: input) }
      }
    }
  }

  /// Innermost dimension kept: folds output row `row`, channels `channels`, into the output.
  private func reduceRow(
    _ row: Int, channels: Range<Int>, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>
  ) {
    let operation = self.operation
    let out = output + row * plan.inner + channels.lowerBound
    let count = channels.count
    let base = input + plan.keptOffset(row) + channels.lowerBound
    out.update(repeating: operation.initial, count: count)
    plan.forEachReduced { offset in
      let source = base + offset
      var c = 0
      while c + 8 <= count {
        VectorMath.store(
          operation.combine(VectorMath.load(out + c), VectorMath.load(source + c)), out + c)
        c += 8
      }
      while c < count {
        out[c] = operation.combine(out[c], source[c])
        c += 1
      }
    }
    if operation == .mean {
      let divisor = Float(plan.reducedCount)
      for c in 0..<count { out[c] = out[c] / divisor }
    }
  }

  /// Innermost dimension reduced: folds output element `index`.
  private func reduceOne(_ index: Int, input: UnsafePointer<Float>) -> Float {
    let operation = self.operation
    let inner = plan.inner
    let base = input + plan.keptOffset(index)
    var accumulator = operation.initial
    plan.forEachReduced { offset in
      let source = base + offset
      for k in 0..<inner { accumulator = operation.combine(accumulator, source[k]) }
    }
    return operation == .mean ? accumulator / Float(plan.reducedCount) : accumulator
  }
}
