import TFLiteModel

/// FILL and ZEROS_LIKE: an output of one repeated value.
///
/// FILL: the shape is the constant int32/int64 vector input 0 (non-negative entries), the
/// value the scalar input 1 of any fixed-size type (it may be computed at run time); a
/// quantized value must share the output's scale and zero point, as TFLite checks.
/// ZEROS_LIKE: zeros of the input's shape and type (TFLite: int64, int32, float32); it reads
/// only the input's shape, so it is evaluated at load.
struct FillKernel: Kernel {
  static let sourceFile = #filePath

  private let elementSize, count: Int
  /// The value's bytes when fixed at load (ZEROS_LIKE); nil to read input 1.
  private let pattern: [UInt8]?

  var readsInputData: Bool { pattern == nil }

  static func makeFill(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    guard try node.input(0).shape.count == 1 else {
      throw node.invalid("the shape must be a vector")
    }
    let shape = try ShapeRules.constantIntegers(0, "the shape", node)
    let value = try node.input(1)
    guard value.shape.isEmpty || value.shape == [1] else {
      throw node.invalid("the value must be a scalar, not shape \(value.shape)")
    }
    guard shape.allSatisfy({ $0 >= 0 }), let count = ShapeRules.elementCount(shape) else {
      throw node.invalid("the shape \(shape) is negative or too large")
    }
    let elementSize = try ShapeRules.elementSize(value, node)
    try ShapeRules.requireOutputTypes(matching: value, node)
    if ShapeRules.isQuantized(value) || ShapeRules.isQuantized(node.outputs[0]) {
      try ShapeRules.requireSameQuantization(
        value, "the value", node.outputs[0], "the output", node)
    }
    try node.setOutputShape(0, shape)
    return FillKernel(elementSize: elementSize, count: count, pattern: nil)
  }

  static func makeZerosLike(_ node: inout NodeContext) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    let shape = try ShapeRules.shape(of: 0, node)
    let elementSize = try ShapeRules.elementSize(input, node)
    try node.setOutputShape(0, shape)
    return FillKernel(
      elementSize: elementSize, count: input.elementCount,
      pattern: [UInt8](repeating: 0, count: elementSize))
  }

  func run(_ io: KernelIO) {
    let output = io.outputs[0]
    guard let pattern else {
      guard let value = io.inputs[1] else { return }
      ByteFill.fill(output, count: count, pattern: value, elementSize: elementSize)
      return
    }
    pattern.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      ByteFill.fill(output, count: count, pattern: base, elementSize: elementSize)
    }
  }
}
