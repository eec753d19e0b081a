import TFLiteModel

/// MEAN, SUM, REDUCE_MAX and REDUCE_MIN of float32 tensors of any rank over the axes of a
/// constant int32/int64 tensor (negative axes count from the end, duplicates are ignored),
/// with `keep_dims` from ReducerOptions.
///
/// Every output element folds its input elements in row-major order, as TFLite's reference
/// kernel does, whatever the thread count: work is split between output elements only.
///
/// uint8, int8 and int16 inputs are handed to ``QuantizedReduceKernel`` from the same factory
/// entries.
final class ReduceKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [
    .mean: { try make(&$0, .mean) },
    .sum: { try make(&$0, .sum) },
    .reduceMax: { try make(&$0, .maximum) },
    .reduceMin: { try make(&$0, .minimum) },
  ]

  /// Channels per unit of work when the innermost dimension is kept.
  private static let block = 256

  private let operation: ReduceOperation
  private let inputCount: Int
  private let outputCount: Int
  /// Number of input elements folded into each output (the mean's divisor).
  private let reducedCount: Int
  /// Kept dimensions, outermost first, after dropping 1s and merging neighbours (sizes, strides
  /// in input elements). When `innerKept`, the last one is excluded: it is the contiguous run.
  private let keptSizes: [Int]
  private let keptStrides: [Int]
  /// Reduced dimensions likewise; when not `innerKept`, the last one is excluded: it is the
  /// contiguous run.
  private let reducedSizes: [Int]
  private let reducedStrides: [Int]
  /// True when the innermost input dimension is kept (outputs are rows of `inner` values).
  private let innerKept: Bool
  /// Length of the innermost contiguous run (kept or reduced).
  private let inner: Int

  /// A reduction of an input of shape `input` (`inputCount` elements) over `axes` (resolved,
  /// in range) into `outputCount` outputs.
  private init(
    operation: ReduceOperation, input: [Int], inputCount: Int, reduced axes: Set<Int>,
    outputCount: Int
  ) {
    self.operation = operation
    self.inputCount = inputCount
    self.outputCount = outputCount
    // An empty input is only filled (and its other dimensions may be huge): no plan needed.
    let input = inputCount == 0 ? [] : input
    let axes = inputCount == 0 ? [] : axes
    reducedCount = axes.reduce(1) { $0 * input[$1] }
    var merged = ReduceOperation.mergedDimensions(input, reducing: axes)
    var strides = [Int](repeating: 1, count: merged.count)
    for index in stride(from: merged.count - 2, through: 0, by: -1) {
      strides[index] = strides[index + 1] * merged[index + 1].size
    }
    let last = merged.removeLast()
    strides.removeLast()
    innerKept = !last.reduced
    inner = last.size
    keptSizes = merged.filter { !$0.reduced }.map(\.size)
    keptStrides = zip(merged, strides).filter { !$0.0.reduced }.map(\.1)
    reducedSizes = merged.filter(\.reduced).map(\.size)
    reducedStrides = zip(merged, strides).filter { $0.0.reduced }.map(\.1)
  }

  private static func make(_ node: inout NodeContext, _ operation: ReduceOperation)
    throws(InterpreterError) -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.inputMatchingOutput()
    let axisTensor = try node.input(1)
    let quantized = input.type == .uint8 || input.type == .int8 || input.type == .int16
    guard input.type == .float32 || quantized else {
      throw node.unsupported(
        "\(input.type) is not supported (float32, uint8, int8 and int16 are)")
    }
    guard axisTensor.type == .int32 || axisTensor.type == .int64 else {
      throw node.unsupported("the axis tensor has type \(axisTensor.type), not int32 or int64")
    }
    // An empty axis tensor has nothing to read, whether or not the model gives it data.
    guard let axisValues = axisTensor.elementCount == 0 ? [] : axisTensor.constantIntegers()
    else {
      throw node.unsupported("the axis tensor must be constant")
    }
    var keepDims = false
    if case .reducer(let keep) = node.options { keepDims = keep }
    let rank = input.shape.count
    // Resolve the axes (TFLite ignores them for a scalar input).
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
    var outputCount = 1
    for size in output {
      let (product, overflow) = outputCount.multipliedReportingOverflow(by: size)
      guard !overflow else { throw node.invalid("output shape \(output) is too large") }
      outputCount = product
    }
    if quantized {
      // The reduced count; an empty input has nothing to count (and may have huge dimensions).
      let reducedCount =
        input.elementCount == 0 ? 0 : axes.reduce(1) { $0 * input.shape[$1] }
      return try QuantizedReduceKernel.make(
        &node, operation, input: input, axes: axes, outputCount: outputCount,
        reducedCount: reducedCount)
    }
    return ReduceKernel(
      operation: operation, input: input.shape, inputCount: input.elementCount, reduced: axes,
      outputCount: outputCount)
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
    if innerKept {
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

  /// Input offset of kept position `index` (row-major over `keptSizes`).
  @inline(__always)
  private func keptOffset(_ index: Int) -> Int {
    var remainder = index
    var offset = 0
    for dimension in stride(from: keptSizes.count - 1, through: 0, by: -1) {
      offset += (remainder % keptSizes[dimension]) * keptStrides[dimension]
      remainder /= keptSizes[dimension]
    }
    return offset
  }

  /// Calls `body` with the input offset (relative to a kept position) of every reduced
  /// position, in row-major order.
  private func forEachReduced(
    _ level: Int = 0, offset: Int = 0, _ body: (Int) -> Void
  ) {
    guard level < reducedSizes.count else {
      body(offset)
      return
    }
    let stride = reducedStrides[level]
    for index in 0..<reducedSizes[level] {
      forEachReduced(level + 1, offset: offset + index * stride, body)
    }
  }

  /// Innermost dimension kept: folds output row `row`, channels `channels`, into the output.
  private func reduceRow(
    _ row: Int, channels: Range<Int>, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>
  ) {
    let operation = self.operation
    let out = output + row * inner + channels.lowerBound
    let count = channels.count
    let base = input + keptOffset(row) + channels.lowerBound
    out.update(repeating: operation.initial, count: count)
    forEachReduced { offset in
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
      let divisor = Float(reducedCount)
      for c in 0..<count { out[c] = out[c] / divisor }
    }
  }

  /// Innermost dimension reduced: folds output element `index`.
  private func reduceOne(_ index: Int, input: UnsafePointer<Float>) -> Float {
    let operation = self.operation
    let inner = self.inner
    let base = input + keptOffset(index)
    var accumulator = operation.initial
    forEachReduced { offset in
      let source = base + offset
      for k in 0..<inner { accumulator = operation.combine(accumulator, source[k]) }
    }
    return operation == .mean ? accumulator / Float(reducedCount) : accumulator
  }
}
