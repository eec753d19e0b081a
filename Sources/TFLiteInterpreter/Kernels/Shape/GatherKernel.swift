import TFLiteModel

/// GATHER for every fixed-size element type, with int16, int32 or int64 indices.
///
/// The output is `input[..<axis] + indices[batch_dims...] + input[(axis+1)...]` (negative
/// `axis` counts from the input's rank, negative `batch_dims` from the indices' rank, as in
/// TFLite). Indices must lie in `0..<input.shape[axis]`: constant indices are checked at load
/// and a bad one fails the node; indices computed at run time that fall outside produce zero
/// bytes for their slice (TFLite fails the invocation instead), so no read is out of bounds.
///
/// EMBEDDING_LOOKUP, the same gather along axis 0 with the inputs swapped, has its own kernel
/// (``EmbeddingLookupKernel``, which also dequantizes hybrid tables).
struct GatherKernel: Kernel {
  static let sourceFile = #filePath

  private let readIndex: IndexTensor
  private let batchCount, outerCount, coordinateCount, axisSize: Int
  /// Bytes of one gathered slice.
  private let sliceBytes: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    let (indices, indexShape) = try ShapeRules.shapedInput(1, node)
    let readIndex = try IndexTensor(indices, "indices", node)
    var (rawAxis, rawBatchDims) = (0, 0)
    if let options = node.options.decoded(as: GatherOptions.self) {
      (rawAxis, rawBatchDims) = (options.axis, options.batchDims)
    }
    let axis = try ShapeRules.axis(rawAxis, rank: shape.count, "axis", node)
    let batchDims = rawBatchDims < 0 ? rawBatchDims + indexShape.count : rawBatchDims
    guard batchDims >= 0, batchDims <= axis, batchDims < shape.count,
      batchDims <= indexShape.count
    else {
      throw node.invalid(
        "batch_dims \(rawBatchDims) does not fit axis \(axis), input rank \(shape.count) and indices rank \(indexShape.count)"
      )
    }
    guard Array(shape[..<batchDims]) == Array(indexShape[..<batchDims]) else {
      throw node.invalid(
        "the first \(batchDims) dimensions of \(shape) and the indices \(indexShape) differ")
    }
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    let outputShape =
      Array(shape[..<axis]) + Array(indexShape[batchDims...]) + Array(shape[(axis + 1)...])
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    let axisSize = shape[axis]
    if let values = IndexTensor.constantValues(indices) {
      for (position, value) in values.enumerated() where value < 0 || value >= axisSize {
        throw node.invalid(
          "index \(value) at position \(position) is out of range 0..<\(axisSize) along axis \(axis)"
        )
      }
    }
    try node.setOutputShape(0, outputShape)
    let count = { (dimensions: ArraySlice<Int>) in ShapeRules.elementCount(Array(dimensions)) ?? 0 }
    return GatherKernel(
      readIndex: readIndex, batchCount: count(shape[..<batchDims]),
      outerCount: count(shape[batchDims..<axis]), coordinateCount: count(indexShape[batchDims...]),
      axisSize: axisSize, sliceBytes: count(shape[(axis + 1)...]) * elementSize)
  }

  func run(_ io: KernelIO) {
    let items = batchCount * outerCount * coordinateCount
    guard items > 0, sliceBytes > 0, let indices = io.inputs[1] else { return }
    // Absent only when the input has no elements, and then every index is out of range.
    let source = io.inputs[0]
    let destination = io.outputs[0]
    io.pool.parallelFor(items, minimumChunk: max(1, 65536 / sliceBytes)) { range in
      for item in range {
        let coordinate = item % coordinateCount
        let row = item / coordinateCount  // batch * outerCount + outer
        let batch = row / outerCount
        let index = readIndex(indices, batch * coordinateCount + coordinate)
        let target = destination + item * sliceBytes
        if index >= 0 && index < axisSize, let source {
          target.copyMemory(
            from: source + (row * axisSize + index) * sliceBytes, byteCount: sliceBytes)
        } else {
          target.initializeMemory(as: UInt8.self, repeating: 0, count: sliceBytes)
        }
      }
    }
  }
}
