import TFLiteModel

/// DYNAMIC_UPDATE_SLICE (XLA semantics) for every fixed-size element type: the operand with
/// the block at `start` replaced by the update (same rank, each dimension at most the
/// operand's). The start indices (int32 or int64, one per dimension) may be computed at run
/// time; each is clamped to `0 ... operand − update` of its dimension, as TFLite does, so the
/// update always lies inside.
struct DynamicUpdateSliceKernel: Kernel {
  static let sourceFile = #filePath

  private let operandBytes, elementSize: Int
  private let wideIndices: Bool
  /// Operand and update dimensions; the operand's element strides.
  private let operandShape, updateShape, operandStrides: [Int]
  /// Writes the (dense) update into the operand's layout.
  private let copy: StridedCopy

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 3, outputs: 1)
    let (operand, shape) = try ShapeRules.shapedInput(0, node)
    let (update, updateShape) = try ShapeRules.shapedInput(1, node)
    let start = try node.input(2)
    guard update.type == operand.type else {
      throw node.unsupported("the update is \(update.type) but the operand is \(operand.type)")
    }
    guard start.type == .int32 || start.type == .int64 else {
      throw node.unsupported(
        "start indices of type \(start.type) are not supported (int32, int64 are)")
    }
    guard start.shape == [shape.count], updateShape.count == shape.count,
      zip(updateShape, shape).allSatisfy({ $0 <= $1 })
    else {
      throw node.invalid(
        "an update \(updateShape) with start indices \(start.shape) does not fit the operand \(shape)"
      )
    }
    let elementSize = try ShapeRules.elementSize(operand, node)
    try ShapeRules.requireOutputTypes(matching: operand, node)
    try node.setOutputShape(0, shape)
    let strides = ShapeRules.strides(shape)
    return DynamicUpdateSliceKernel(
      operandBytes: operand.elementCount * elementSize, elementSize: elementSize,
      wideIndices: start.type == .int64, operandShape: shape, updateShape: updateShape,
      operandStrides: strides,
      copy: StridedCopy(
        shape: updateShape, sourceStrides: ShapeRules.strides(updateShape),
        destinationStrides: strides, elementSize: elementSize))
  }

  func run(_ io: KernelIO) {
    let output = io.outputs[0]
    if operandBytes > 0, let operand = io.inputs[0], UnsafeRawPointer(output) != operand {
      output.copyMemory(from: operand, byteCount: operandBytes)
    }
    guard copy.workCount > 0, let update = io.inputs[1], let start = io.inputs[2] else { return }
    var offset = 0
    for dimension in operandShape.indices {
      let value =
        wideIndices
        ? Int(
          truncatingIfNeeded: start.loadUnaligned(fromByteOffset: dimension * 8, as: Int64.self))
        : Int(start.loadUnaligned(fromByteOffset: dimension * 4, as: Int32.self))
      let clamped = min(max(value, 0), operandShape[dimension] - updateShape[dimension])
      offset += clamped * operandStrides[dimension]
    }
    let target = output + offset * elementSize
    let copy = self.copy
    io.pool.parallelFor(copy.workCount, minimumChunk: copy.minimumWorkPerChunk) { range in
      copy.copy(work: range, from: update, to: target)
    }
  }
}
