import TFLiteModel

/// GATHER_ND for every fixed-size element type (TFLite: float32, float16, int8, uint8, int16,
/// int32, int64, bool), with int16, int32 or int64 indices.
///
/// The last dimension of the indices, `n`, gives coordinates into the first `n` dimensions of
/// the params; the output is `indices.shape[..<-1] + params.shape[n...]`, each coordinate
/// tuple selecting one slice of `params.shape[n...]`. Every coordinate must lie in
/// `0..<params.shape[j]`: constant indices are checked at load and a bad one fails the node;
/// a tuple computed at run time with a coordinate outside produces a slice of zero bytes
/// (TFLite fails the invocation instead), so no read is out of bounds.
struct GatherNdKernel: Kernel {
  static let sourceFile = #filePath

  private let readIndex: IndexTensor
  /// The first `n` params dimensions and their strides in slices.
  private let dimensions, strides: [Int]
  /// Number of coordinate tuples (output slices).
  private let sliceCount: Int
  /// Bytes of one slice.
  private let sliceBytes: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (params, shape) = try ShapeRules.shapedInput(0, node)
    let (indices, indexShape) = try ShapeRules.shapedInput(1, node)
    let readIndex = try IndexTensor(indices, "indices", node)
    guard let depth = indexShape.last, !shape.isEmpty, depth <= shape.count else {
      throw node.invalid(
        "indices \(indexShape) do not index params \(shape): both need rank 1 or more and the last index dimension at most the params' rank"
      )
    }
    let elementSize = try ShapeRules.elementSize(params, node)
    try ShapeRules.requireOutputTypes(matching: params, node)
    let outputShape = Array(indexShape.dropLast()) + Array(shape[depth...])
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    let dimensions = Array(shape[..<depth])
    if let values = IndexTensor.constantValues(indices), depth > 0 {
      for (position, value) in values.enumerated()
      where value < 0 || value >= dimensions[position % depth] {
        throw node.invalid(
          "index \(value) at position \(position) is out of range 0..<\(dimensions[position % depth])"
        )
      }
    }
    try node.setOutputShape(0, outputShape)
    return GatherNdKernel(
      readIndex: readIndex, dimensions: dimensions, strides: ShapeRules.strides(dimensions),
      sliceCount: ShapeRules.elementCount(Array(indexShape.dropLast())) ?? 0,
      sliceBytes: (ShapeRules.elementCount(Array(shape[depth...])) ?? 0) * elementSize)
  }

  func run(_ io: KernelIO) {
    guard sliceCount > 0, sliceBytes > 0, let indices = io.inputs[1] else { return }
    let source = io.inputs[0]
    let destination = io.outputs[0]
    let depth = dimensions.count
    io.pool.parallelFor(sliceCount, minimumChunk: max(1, 65536 / sliceBytes)) { range in
      for slice in range {
        var offset = 0
        var inside = true
        for axis in 0..<depth {
          let coordinate = readIndex(indices, slice * depth + axis)
          inside = inside && coordinate >= 0 && coordinate < dimensions[axis]
          offset &+= coordinate &* strides[axis]
        }
        let target = destination + slice * sliceBytes
        if inside, let source {
          target.copyMemory(from: source + offset * sliceBytes, byteCount: sliceBytes)
        } else {
          target.initializeMemory(as: UInt8.self, repeating: 0, count: sliceBytes)
        }
      }
    }
  }
}
