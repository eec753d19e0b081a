import TFLiteModel

/// RESHAPE, SQUEEZE and EXPAND_DIMS: the output holds the input's bytes unchanged under a new
/// shape, for every fixed-size element type.
///
/// RESHAPE follows TFLite's rules: the shape comes from the second input when it is an int32
/// vector (which must then be known at load; a `[0]`-shaped vector means a scalar), otherwise
/// from `ReshapeOptions.new_shape` (where the legacy `[0]` means a scalar, and absent options
/// mean a scalar). As an extension, an int64 shape vector is used when the options give no
/// shape. One dimension may be -1 and is inferred; dimensions of 0 are allowed.
struct ReshapeKernel: Kernel {
  static let sourceFile = #filePath

  private let byteCount: Int

  // MARK: RESHAPE

  static func makeReshape(_ node: inout NodeContext) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 1, 2, outputs: 1)
    let (input, inputShape) = try ShapeRules.shapedInput(0, node)
    var requested: [Int]
    var shapeInput: TensorDescription? = nil
    if node.inputs.count == 2, let tensor = node.inputs[1], tensor.shape.count == 1 {
      shapeInput = tensor
    }
    let optionsShape = node.options.decoded(as: ReshapeOptions.self)?.newShape
    if let shapeInput,
      shapeInput.type == .int32
        || (shapeInput.type == .int64 && optionsShape == nil)
    {
      requested = try ShapeRules.constantIntegers(1, "the shape input", node)
    } else {
      requested = optionsShape ?? []
      // Legacy converters wrote [0] for a scalar.
      if requested == [0] { requested = [] }
    }
    let shape = try resolve(requested, inputShape: inputShape, node)
    return try finish(&node, input: input, shape: shape)
  }

  /// Fills in the -1 dimension of `requested` as TFLite's `ResolveOutputShape` does and checks
  /// that the element counts agree.
  private static func resolve(_ requested: [Int], inputShape: [Int], _ node: NodeContext)
    throws(InterpreterError) -> [Int]
  {
    let inputCount = ShapeRules.elementCount(inputShape) ?? 0
    let nonZeroInputCount = ShapeRules.elementCount(inputShape.filter { $0 != 0 }) ?? 0
    let stretch = try ShapeRules.inferredPosition(in: requested, "the new shape", node)
    var knownNonZero = 1
    var knownCount = 1
    for (position, dimension) in requested.enumerated() where position != stretch {
      guard dimension >= 0 else {
        throw node.invalid("the new shape \(requested) has a negative dimension")
      }
      guard let count = ShapeRules.elementCount([knownCount, dimension]),
        let nonZero = ShapeRules.elementCount([knownNonZero, max(dimension, 1)])
      else {
        throw node.invalid("the new shape \(requested) is too large")
      }
      knownCount = count
      knownNonZero = nonZero
    }
    var shape = requested
    if let stretch {
      if inputCount == 0 && knownCount != 0 {
        shape[stretch] = 0
      } else {
        shape[stretch] = nonZeroInputCount / knownNonZero
      }
    }
    guard ShapeRules.elementCount(shape) == inputCount else {
      throw node.invalid(
        "cannot reshape \(inputShape) (\(inputCount) elements) to \(requested)")
    }
    return shape
  }

  // MARK: SQUEEZE

  static func makeSqueeze(_ node: inout NodeContext) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 1, outputs: 1)
    let (input, inputShape) = try ShapeRules.shapedInput(0, node)
    let dimensions = node.options.decoded(as: SqueezeOptions.self)?.dimensions ?? []
    var squeezed = [Bool](repeating: false, count: inputShape.count)
    if dimensions.isEmpty {
      for (position, size) in inputShape.enumerated() where size == 1 { squeezed[position] = true }
    } else {
      for dimension in dimensions {
        let axis = try ShapeRules.axis(dimension, rank: inputShape.count, "squeeze dimension", node)
        guard inputShape[axis] == 1 else {
          throw node.invalid("cannot squeeze dimension \(dimension) of size \(inputShape[axis])")
        }
        squeezed[axis] = true
      }
    }
    let shape = zip(inputShape, squeezed).filter { !$0.1 }.map(\.0)
    return try finish(&node, input: input, shape: shape)
  }

  // MARK: EXPAND_DIMS

  static func makeExpandDims(_ node: inout NodeContext) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let (input, inputShape) = try ShapeRules.shapedInput(0, node)
    let axes = try ShapeRules.constantIntegers(1, "the axis", node)
    guard axes.count == 1 else {
      throw node.invalid("the axis must hold one value, not \(axes.count)")
    }
    let axis = try ShapeRules.axis(axes[0], rank: inputShape.count + 1, "axis", node)
    try ShapeRules.requireSameQuantization(input, "the input", node.outputs[0], "the output", node)
    var shape = inputShape
    shape.insert(1, at: axis)
    return try finish(&node, input: input, shape: shape)
  }

  // MARK: Common

  private static func finish(_ node: inout NodeContext, input: TensorDescription, shape: [Int])
    throws(InterpreterError) -> any Kernel
  {
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    try node.setOutputShape(0, shape)
    let count = ShapeRules.elementCount(shape) ?? 0
    return ReshapeKernel(byteCount: count * elementSize)
  }

  func run(_ io: KernelIO) {
    guard byteCount > 0, let source = io.inputs[0] else { return }
    let destination = io.outputs[0]
    let byteCount = self.byteCount
    io.pool.parallelFor(byteCount, minimumChunk: 1 << 18) { range in
      (destination + range.lowerBound).copyMemory(
        from: source + range.lowerBound, byteCount: range.count)
    }
  }
}
