import TFLiteModel

/// WHERE with one input: the int64 coordinates (`[count, rank]`, row-major order) of the
/// nonzero elements of a bool, float32, int32, int64, int8, uint8 or uint32 condition of rank
/// 1 or more (a float is nonzero when `!= 0`, so NaN counts and −0 does not).
///
/// The number of rows depends on the condition's values, and this interpreter fixes every
/// shape at load: the condition must be known at load (constant, or computed from
/// constants), and the node is then evaluated at load. A condition computed at run time is
/// refused with an unsupported-node error (TFLite resizes the output while running).
struct WhereKernel: Kernel {
  static let sourceFile = #filePath

  private let type: TensorType
  private let shape: [Int]
  /// Rows of the output (the nonzero count of the condition known at load).
  private let rows: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let (condition, shape) = try ShapeRules.shapedInput(0, node)
    let accepted: Set<TensorType> = [.bool, .float32, .int32, .int64, .int8, .uint8, .uint32]
    guard accepted.contains(condition.type) else {
      throw node.unsupported(
        "a condition of type \(condition.type) is not supported (bool, float32, int32, int64, int8, uint8, uint32 are)"
      )
    }
    guard node.outputs[0].type == .int64 else {
      throw node.unsupported("the output is \(node.outputs[0].type), not int64")
    }
    guard !shape.isEmpty else { throw node.invalid("the condition must have rank 1 or more") }
    guard let data = condition.constant, let elementSize = condition.type.byteSize,
      data.count == condition.elementCount * elementSize
    else {
      throw node.unsupported(
        "the condition must be known at load: the output's shape depends on its values")
    }
    let probe = WhereKernel(type: condition.type, shape: shape, rows: 0)
    let rows = data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return 0 }
      return (0..<condition.elementCount).reduce(0) { $0 + (probe.isTrue(base, $1) ? 1 : 0) }
    }
    try node.setOutputShape(0, [rows, shape.count])
    return WhereKernel(type: condition.type, shape: shape, rows: rows)
  }

  /// Whether element `index` of the condition at `base` is nonzero.
  @inline(__always)
  private func isTrue(_ base: UnsafeRawPointer, _ index: Int) -> Bool {
    switch type {
    case .float32: return base.loadUnaligned(fromByteOffset: index * 4, as: Float.self) != 0
    case .int32, .uint32: return base.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) != 0
    case .int64: return base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) != 0
    default: return base.load(fromByteOffset: index, as: UInt8.self) != 0
    }
  }

  func run(_ io: KernelIO) {
    guard let condition = io.inputs[0] else { return }
    let output = io.output(0, as: Int64.self)
    let count = ShapeRules.elementCount(shape) ?? 0
    let strides = ShapeRules.strides(shape)
    var row = 0
    for index in 0..<count where row < rows && isTrue(condition, index) {
      var remainder = index
      for (dimension, stride) in strides.enumerated() {
        output[row * shape.count + dimension] = Int64(remainder / stride)
        remainder %= stride
      }
      row += 1
    }
  }
}
