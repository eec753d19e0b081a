import TFLiteModel

/// ONE_HOT: for int32 or int64 indices of shape `S`, an output of shape `S` with `depth`
/// inserted at `axis` (`OneHotOptions.axis`; −1 appends it), holding the scalar
/// `on_value` where the index equals the position along that axis and `off_value` elsewhere
/// (indices outside `0..<depth` give a row of `off_value`).
///
/// Inputs: indices, the constant int32 scalar `depth` (≥ 0), `on_value`, `off_value`; the two
/// values and the output share one type, any fixed-size one (TFLite: float32, int16, int32,
/// int64, int8, uint8, bool). Only bytes are copied.
struct OneHotKernel: Kernel {
  static let sourceFile = #filePath

  /// Elements before the depth axis, and after it (in the indices' shape).
  private let outer, inner: Int
  private let depth, elementSize: Int
  private let indexType: TensorType

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 4, outputs: 1)
    let indices = try node.input(0)
    guard indices.type == .int32 || indices.type == .int64 else {
      throw node.unsupported("indices must be int32 or int64, not \(indices.type)")
    }
    let depthValues = try ShapeRules.constantIntegers(1, "depth", node)
    guard depthValues.count == 1, let depth = depthValues.first, depth >= 0 else {
      throw node.invalid("depth must be one non-negative integer, not \(depthValues)")
    }
    let on = try node.input(2)
    let off = try node.input(3)
    guard on.type == off.type, on.type == node.outputs[0].type, on.elementCount == 1,
      off.elementCount == 1
    else {
      throw node.invalid("on_value and off_value must be scalars of the output's type")
    }
    let options = try node.options(OneHotOptions.self, noneMeansDefaults: true)
    let rank = indices.shape.count
    let axis = options.axis == -1 ? rank : options.axis
    guard (0...rank).contains(axis) else {
      throw node.invalid("axis \(options.axis) is outside -1...\(rank)")
    }
    var shape = indices.shape
    shape.insert(depth, at: axis)
    guard ShapeRules.elementCount(shape) != nil else {
      throw node.invalid("the output shape \(shape) is too large")
    }
    try node.setOutputShape(0, shape)
    return OneHotKernel(
      outer: indices.shape[..<axis].reduce(1, *), inner: indices.shape[axis...].reduce(1, *),
      depth: depth, elementSize: try ShapeRules.elementSize(on, node), indexType: indices.type)
  }

  func run(_ io: KernelIO) {
    guard let indices = io.inputs[0], let on = io.inputs[2], let off = io.inputs[3] else {
      return
    }
    let output = io.outputs[0]
    for block in 0..<outer {
      for element in 0..<inner {
        // Each index is read once; it picks on or off for the `depth` outputs it owns, which
        // lie `inner` elements apart.
        let index = self.index(indices, at: block * inner + element)
        for value in 0..<depth {
          let position = (block * depth + value) * inner + element
          let source = index == value ? on : off
          (output + position * elementSize).copyMemory(from: source, byteCount: elementSize)
        }
      }
    }
  }

  /// Index number `offset` of the indices tensor, as an Int.
  private func index(_ indices: UnsafeRawPointer, at offset: Int) -> Int {
    indexType == .int64
      ? Int(truncatingIfNeeded: indices.load(fromByteOffset: offset * 8, as: Int64.self))
      : Int(indices.load(fromByteOffset: offset * 4, as: Int32.self))
  }
}
