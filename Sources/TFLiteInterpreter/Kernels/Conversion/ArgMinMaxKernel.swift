import TFLiteModel

/// ARG_MAX and ARG_MIN over one constant axis of a float32, int32, uint8 or int8 tensor
/// (8-bit values are compared as stored, which orders them as their real values), writing int32
/// or int64 indices as the options say.
///
/// As TFLite: the search starts at index 0 and moves only on a strict `>` (`<`), so the first
/// index wins ties, and NaN is never chosen unless it is the first element (then it stays).
struct ArgMinMaxKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `indexed`.
  static let indexed = [
    KernelVariant(ArgMinMaxKernel.self, [.float32, .int8, .uint8, .int32])
  ]

  private let maximum: Bool
  private let inputType, outputType: TensorType
  /// Product of the dimensions before the axis, the axis length, product of those after it.
  private let outer, axisSize, inner: Int

  static func make(_ node: inout NodeContext, maximum: Bool) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.input(0)
    let axisTensor = try node.input(1)
    let supported: Set<TensorType> = [.float32, .int32, .uint8, .int8]
    guard supported.contains(input.type) else {
      throw node.unsupported(
        "\(input.type) input is not supported (float32, int32, uint8, int8 are)")
    }
    guard axisTensor.type == .int32 || axisTensor.type == .int64 else {
      throw node.unsupported("the axis tensor has type \(axisTensor.type), not int32 or int64")
    }
    guard axisTensor.elementCount == 1 else {
      throw node.invalid("the axis tensor must hold one value, not shape \(axisTensor.shape)")
    }
    guard let axisValue = axisTensor.constantIntegers()?.first else {
      throw node.unsupported("the axis tensor must be constant")
    }
    // Either operator accepts either options table (float32, as when absent, is refused).
    let requested =
      node.options.decoded(as: ArgMaxOptions.self)?.outputType
      ?? node.options.decoded(as: ArgMinOptions.self)?.outputType ?? .float32
    guard requested == .int32 || requested == .int64 else {
      throw node.invalid("output_type \(requested) is not int32 or int64")
    }
    guard node.outputs[0].type == requested else {
      throw node.invalid(
        "output_type is \(requested) but the output tensor is \(node.outputs[0].type)")
    }
    let rank = input.shape.count
    guard rank >= 1 else { throw node.invalid("input must have rank 1 or more") }
    guard axisValue >= -rank && axisValue < rank else {
      throw node.invalid("axis \(axisValue) is out of range for rank \(rank)")
    }
    let axis = axisValue < 0 ? axisValue + rank : axisValue
    var output = input.shape
    output.remove(at: axis)
    try node.setOutputShape(0, output)
    guard input.elementCount == 0 else {
      return ArgMinMaxKernel(
        maximum: maximum, inputType: input.type, outputType: requested,
        outer: input.shape[..<axis].reduce(1, *), axisSize: input.shape[axis],
        inner: input.shape[(axis + 1)...].reduce(1, *))
    }
    // Empty input: nothing to compare, every output index is 0. Its other dimensions may be
    // huge, so count the outputs with overflow checks.
    var outputCount = 1
    for size in output {
      let (product, overflow) = outputCount.multipliedReportingOverflow(by: size)
      guard !overflow else { throw node.invalid("output shape \(output) is too large") }
      outputCount = product
    }
    return ArgMinMaxKernel(
      maximum: maximum, inputType: input.type, outputType: requested, outer: outputCount,
      axisSize: 0, inner: 1)
  }

  func run(_ io: KernelIO) {
    switch inputType {
    case .float32: search(io, Float.self)
    case .int32: search(io, Int32.self)
    case .uint8: search(io, UInt8.self)
    default: search(io, Int8.self)
    }
  }

  private func search<T: Comparable>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    switch (outputType, maximum) {
    case (.int32, true): search(input, io.output(0, as: Int32.self), io.pool, >)
    case (.int32, false): search(input, io.output(0, as: Int32.self), io.pool, <)
    case (_, true): search(input, io.output(0, as: Int64.self), io.pool, >)
    case (_, false): search(input, io.output(0, as: Int64.self), io.pool, <)
    }
  }

  @inline(__always)
  private func search<T: Comparable, Index: FixedWidthInteger>(
    _ input: UnsafePointer<T>, _ output: UnsafeMutablePointer<Index>, _ pool: ThreadPool,
    _ better: (T, T) -> Bool
  ) {
    let (axisSize, inner) = (self.axisSize, self.inner)
    let count = outer * inner
    guard axisSize > 0 else {
      // No elements to compare (the input is empty): index 0 everywhere.
      output.update(repeating: 0, count: count)
      return
    }
    pool.parallelFor(count, minimumChunk: max(1, 16_384 / axisSize)) { range in
      for position in range {
        let base = (position / inner) * axisSize * inner + position % inner
        var best = input[base]
        var bestIndex = 0
        for i in 1..<axisSize {
          let value = input[base + i * inner]
          if better(value, best) {
            best = value
            bestIndex = i
          }
        }
        output[position] = Index(truncatingIfNeeded: bestIndex)
      }
    }
  }
}
