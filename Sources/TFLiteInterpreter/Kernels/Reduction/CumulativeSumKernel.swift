import TFLiteModel

/// CUMSUM of float32, int32 or int64 tensors along one axis (a constant int32 scalar;
/// negative counts from the end), with CumsumOptions' `exclusive` (each element's own value
/// left out: the first sum is 0) and `reverse` (summed from the end).
///
/// Each sum starts from 0 and adds the elements one by one in order, as TFLite does (so a
/// float sum rounds exactly as there; integers wrap). Work is split between the slices before
/// the axis, never along it.
struct CumulativeSumKernel: SummingKernel {
  static let sourceFile = #filePath

  let type: TensorType
  private let exclusive, reverse: Bool
  /// Elements before, along and after the axis.
  private let outer, depth, inner: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.inputMatchingOutput()
    let shape = try ShapeRules.shape(of: 0, node)
    guard [.float32, .int32, .int64].contains(input.type) else {
      throw node.unsupported("\(input.type) is not supported (float32, int32, int64 are)")
    }
    let axisTensor = try node.input(1)
    guard axisTensor.type == .int32, axisTensor.elementCount == 1 else {
      throw node.unsupported("the axis must be one int32 value")
    }
    guard let value = axisTensor.constantIntegers()?.first else {
      throw node.unsupported("the axis must be constant")
    }
    let axis = try ShapeRules.axis(value, rank: shape.count, "axis", node)
    var (exclusive, reverse) = (false, false)
    if let options = node.options.decoded(as: CumsumOptions.self) {
      (exclusive, reverse) = (options.exclusive, options.reverse)
    }
    try node.setOutputShape(0, shape)
    let count = { (dimensions: ArraySlice<Int>) in ShapeRules.elementCount(Array(dimensions)) ?? 0 }
    return CumulativeSumKernel(
      type: input.type, exclusive: exclusive, reverse: reverse, outer: count(shape[..<axis]),
      depth: shape[axis], inner: count(shape[(axis + 1)...]))
  }

  /// Each output row along the axis is the previous one plus an input row (the same row for
  /// an inclusive sum, the previous one for an exclusive sum); the first is `0 + row` or 0.
  func run<T: SummableElement>(_ io: KernelIO, _: T.Type) {
    guard outer > 0, depth > 0, inner > 0 else { return }
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let (depth, inner, exclusive) = (self.depth, self.inner, self.exclusive)
    let step = reverse ? -inner : inner
    io.pool.parallelFor(outer, minimumChunk: max(1, 16_384 / (depth * inner))) { range in
      for slice in range {
        let start = slice * depth * inner + (reverse ? (depth - 1) * inner : 0)
        for k in 0..<inner {
          output[start + k] = exclusive ? 0 : T.sum(0, input[start + k])
        }
        var row = start
        for _ in 1..<depth {
          let next = row + step
          let source = exclusive ? row : next
          for k in 0..<inner { output[next + k] = T.sum(output[row + k], input[source + k]) }
          row = next
        }
      }
    }
  }
}
