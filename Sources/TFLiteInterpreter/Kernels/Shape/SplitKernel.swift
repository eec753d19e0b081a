import TFLiteModel

/// SPLIT, SPLIT_V and UNPACK for every fixed-size element type: each output takes one block of
/// bytes from every "outer" row of the input.
///
/// SPLIT's inputs are the axis (a constant int32/int64 scalar or 1-element vector), then the
/// tensor; `num_splits` equal parts must divide the axis. SPLIT_V's are the tensor, the sizes
/// (constant, at most one -1, which takes what the others leave) and the axis. UNPACK removes
/// `axis` (negative counts from the end), giving `num` outputs, which must equal its size.
final class SplitKernel: Kernel {
  static let sourceFile = #filePath

  /// Which input holds the data (1 for SPLIT, whose axis comes first).
  private let dataInput, outerCount: Int
  /// Bytes of one input row (the axis and everything after it).
  private let rowBytes: Int
  /// Bytes each output takes from one input row.
  private let chunkBytes: [Int]
  /// Where each output's block starts within an input row.
  private let chunkOffsets: [Int]

  private init(dataInput: Int, outerCount: Int, rowBytes: Int, chunkBytes: [Int]) {
    self.dataInput = dataInput
    self.outerCount = outerCount
    self.rowBytes = rowBytes
    self.chunkBytes = chunkBytes
    (chunkOffsets, _) = ShapeRules.offsets(of: chunkBytes)
  }

  /// The `num_splits` of SplitOptions (SplitVOptions with `v`; 0 when absent), checked
  /// against the node's outputs.
  private static func splitCount(_ node: NodeContext, v: Bool) throws(InterpreterError) -> Int {
    let splits =
      (v
        ? node.options.decoded(as: SplitVOptions.self)?.numSplits
        : node.options.decoded(as: SplitOptions.self)?.numSplits) ?? 0
    guard splits >= 1, splits == node.outputs.count else {
      throw node.invalid("num_splits is \(splits) but the node has \(node.outputs.count) outputs")
    }
    return splits
  }

  static func makeSplit(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let splits = try splitCount(node, v: false)
    try node.expect(inputs: 2, outputs: splits)
    let shape = try ShapeRules.shape(of: 1, node)
    let axis = try constantAxis(0, rank: shape.count, node)
    guard shape[axis] % splits == 0 else {
      throw node.invalid(
        "dimension \(axis) of size \(shape[axis]) does not split evenly into \(splits)")
    }
    let sizes = [Int](repeating: shape[axis] / splits, count: splits)
    return try finish(&node, input: 1, shape: shape, axis: axis, sizes: sizes, keepAxis: true)
  }

  static func makeSplitV(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let splits = try splitCount(node, v: true)
    try node.expect(inputs: 3, outputs: splits)
    let shape = try ShapeRules.shape(of: 0, node)
    guard try node.input(1).shape.count == 1 else {
      throw node.invalid("size_splits must be a vector")
    }
    var sizes = try ShapeRules.constantIntegers(1, "size_splits", node)
    guard sizes.count == splits else {
      throw node.invalid("size_splits has \(sizes.count) values for \(splits) outputs")
    }
    let axis = try constantAxis(2, rank: shape.count, node)
    let total = shape[axis]
    let inferred = try ShapeRules.inferredPosition(in: sizes, "size_splits", node)
    var sum = 0
    for (position, size) in sizes.enumerated() where position != inferred {
      guard size >= 0, size <= total - sum else {
        throw node.invalid("size_splits \(sizes) do not fit dimension \(axis) of size \(total)")
      }
      sum += size
    }
    if let inferred {
      sizes[inferred] = total - sum
    } else if sum != total {
      throw node.invalid("size_splits \(sizes) must sum to \(total), the size of dimension \(axis)")
    }
    return try finish(&node, input: 0, shape: shape, axis: axis, sizes: sizes, keepAxis: true)
  }

  static func makeUnpack(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    var (count, rawAxis) = (0, 0)
    if let options = node.options.decoded(as: UnpackOptions.self) {
      (count, rawAxis) = (options.count, options.axis)
    }
    guard count == node.outputs.count else {
      throw node.invalid("num is \(count) but the node has \(node.outputs.count) outputs")
    }
    try node.expect(inputs: 1, outputs: count)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    guard ShapeRules.elementCount(shape) ?? 0 > 0 else {
      throw node.invalid("cannot unpack a tensor with no elements")
    }
    let axis = try ShapeRules.axis(rawAxis, rank: shape.count, "axis", node)
    guard shape[axis] == count else {
      throw node.invalid("num is \(count) but dimension \(axis) has size \(shape[axis])")
    }
    for (position, output) in node.outputs.enumerated() {
      try ShapeRules.requireSameQuantization(input, "the input", output, "output \(position)", node)
    }
    let sizes = [Int](repeating: 1, count: count)
    return try finish(&node, input: 0, shape: shape, axis: axis, sizes: sizes, keepAxis: false)
  }

  /// The axis held by constant input `position`, resolved against `rank`.
  private static func constantAxis(_ position: Int, rank: Int, _ node: NodeContext)
    throws(InterpreterError) -> Int
  {
    let values = try ShapeRules.constantIntegers(position, "the axis", node)
    guard values.count == 1 else {
      throw node.invalid("the axis must hold one value, not \(values.count)")
    }
    return try ShapeRules.axis(values[0], rank: rank, "axis", node)
  }

  private static func finish(
    _ node: inout NodeContext, input position: Int, shape: [Int], axis: Int, sizes: [Int],
    keepAxis: Bool
  ) throws(InterpreterError) -> any Kernel {
    let input = try node.input(position)
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    let inner = ShapeRules.elementCount(Array(shape[(axis + 1)...])) ?? 0
    for (output, size) in sizes.enumerated() {
      var outputShape = shape
      if keepAxis { outputShape[axis] = size } else { outputShape.remove(at: axis) }
      try node.setOutputShape(output, outputShape)
    }
    return SplitKernel(
      dataInput: position, outerCount: ShapeRules.elementCount(Array(shape[..<axis])) ?? 0,
      rowBytes: shape[axis] * inner * elementSize,
      chunkBytes: sizes.map { $0 * inner * elementSize })
  }

  func run(_ io: KernelIO) {
    guard let source = io.inputs[dataInput] else { return }
    ShapeRules.forEachChunk(
      outerCount: outerCount, chunkBytes: chunkBytes, rowBytes: rowBytes, pool: io.pool
    ) { outer, output in
      let bytes = chunkBytes[output]
      (io.outputs[output] + outer * bytes).copyMemory(
        from: source + outer * rowBytes + chunkOffsets[output], byteCount: bytes)
    }
  }
}
