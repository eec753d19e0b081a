import TFLiteModel

/// MIRROR_PAD in REFLECT and SYMMETRIC mode (`MirrorPadOptions`) for
/// every fixed-size element type, any rank.
///
/// The paddings are a constant int32/int64 `[rank, 2]` tensor of (before, after) counts, each
/// at most the dimension's size, less one in REFLECT mode (as TFLite checks). REFLECT mirrors
/// about the edge element (`[a b c]` padded by 2 gives `c b | a b c | b a`), SYMMETRIC
/// repeats it (`b a | a b c | c b`). Every output element is a copy of one input element,
/// so quantized tensors keep their bytes.
struct MirrorPadKernel: Kernel {
  static let sourceFile = #filePath

  private let elementSize: Int
  /// For each dimension, the input coordinate of every output coordinate.
  private let sources: [[Int]]
  /// Input element strides.
  private let inputStrides: [Int]
  /// Output rows (every dimension but the last) and their length.
  private let rowCount, rowLength: Int
  /// Padding before and after the copied run of a row.
  private let rowBefore, rowAfter: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    guard try node.input(1).shape == [shape.count, 2] else {
      throw node.invalid("the paddings must have shape [\(shape.count), 2]")
    }
    let paddings = try ShapeRules.constantIntegers(1, "the paddings", node)
    let symmetric = node.options.decoded(as: MirrorPadOptions.self)?.symmetric ?? false
    let offset = symmetric ? 0 : 1
    var sources: [[Int]] = []
    for (dimension, size) in shape.enumerated() {
      let (before, after) = (paddings[2 * dimension], paddings[2 * dimension + 1])
      guard before >= 0, after >= 0, before <= size - offset, after <= size - offset else {
        throw node.invalid(
          "paddings \(before), \(after) of dimension \(dimension) (size \(size)) exceed the \(symmetric ? "SYMMETRIC" : "REFLECT") limit of \(size - offset)"
        )
      }
      sources.append(mirrored(size: size, before: before, after: after, offset: offset))
    }
    let outputShape = sources.map(\.count)
    guard let count = ShapeRules.elementCount(outputShape) else {
      throw node.invalid("the padded shape \(outputShape) is too large")
    }
    try node.setOutputShape(0, outputShape)
    let rowLength = outputShape.last ?? 1
    return MirrorPadKernel(
      elementSize: elementSize, sources: sources, inputStrides: ShapeRules.strides(shape),
      rowCount: rowLength == 0 ? 0 : count / rowLength, rowLength: rowLength,
      rowBefore: paddings.dropLast().last ?? 0, rowAfter: paddings.last ?? 0)
  }

  /// The input coordinate of each output coordinate of one dimension of `size` padded by
  /// `before` and `after` (offset 1: REFLECT, 0: SYMMETRIC).
  private static func mirrored(size: Int, before: Int, after: Int, offset: Int) -> [Int] {
    let left = (0..<before).map { before - $0 - 1 + offset }
    let right = (0..<after).map { size - 1 - offset - $0 }
    return left + Array(0..<size) + right
  }

  func run(_ io: KernelIO) {
    guard rowCount > 0, let source = io.inputs[0] else { return }
    let destination = io.outputs[0]
    let depth = sources.count - 1
    let rowBytes = rowLength * elementSize
    io.pool.parallelFor(rowCount, minimumChunk: max(1, 65536 / max(rowBytes, 1))) { range in
      for row in range {
        // The input row of this output row.
        var remainder = row
        var inputOffset = 0
        for dimension in stride(from: depth - 1, through: 0, by: -1) {
          let count = sources[dimension].count
          inputOffset += sources[dimension][remainder % count] * inputStrides[dimension]
          remainder /= count
        }
        copyRow(from: source + inputOffset * elementSize, to: destination + row * rowBytes)
      }
    }
  }

  /// Writes one output row from the input row at `source`: the mirrored elements one by one,
  /// the copied run in one move.
  @inline(__always)
  private func copyRow(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    guard let map = sources.last else {
      target.copyMemory(from: source, byteCount: elementSize)  // a scalar
      return
    }
    let size = elementSize
    let copied = rowLength - rowBefore - rowAfter
    for index in 0..<rowBefore {
      (target + index * size).copyMemory(from: source + map[index] * size, byteCount: size)
    }
    (target + rowBefore * size).copyMemory(from: source, byteCount: copied * size)
    for index in (rowBefore + copied)..<rowLength {
      (target + index * size).copyMemory(from: source + map[index] * size, byteCount: size)
    }
  }
}
