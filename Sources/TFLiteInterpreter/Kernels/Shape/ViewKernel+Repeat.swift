import TFLiteModel

extension ViewKernel {
  /// TILE: output dimension `i` is the input's repeated `multiples[i]` times, for every
  /// fixed-size element type. `multiples` is a constant int32/int64 vector with one
  /// non-negative entry per input dimension (none for a scalar, which is copied).
  ///
  /// The output is the view `[m₀, d₀, m₁, d₁, …]` of the input with stride 0 over each
  /// repetition `mᵢ` (its row-major layout is exactly the tiled tensor's).
  static func makeTile(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let (input, shape, multiples) = try vectorArgument(&node, "the multiples")
    guard multiples.count == shape.count else {
      throw node.invalid("\(multiples.count) multiples for an input of rank \(shape.count)")
    }
    var outputShape: [Int] = []
    var viewShape: [Int] = []
    var viewStrides: [Int] = []
    for (size, (multiple, stride)) in zip(shape, zip(multiples, ShapeRules.strides(shape))) {
      let (product, overflow) = size.multipliedReportingOverflow(by: multiple)
      guard multiple >= 0, !overflow, product <= Int(Int32.max) else {
        throw node.invalid("multiple \(multiple) of a dimension of \(size) is out of range")
      }
      outputShape.append(product)
      viewShape += [multiple, size]
      viewStrides += [0, stride]
    }
    return try finishView(&node, input, outputShape, viewShape, viewStrides, base: 0)
  }

  /// BROADCAST_TO: the input broadcast (NumPy rules, aligned from the right) to the shape of
  /// the constant int32/int64 vector input 1, which must have at least the input's rank; every
  /// input dimension must be 1 or equal to the target's. Every fixed-size element type.
  static func makeBroadcastTo(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let (input, shape, target) = try vectorArgument(&node, "the target shape")
    let extra = target.count - shape.count
    guard extra >= 0, target.allSatisfy({ $0 >= 0 }) else {
      throw node.invalid("\(shape) cannot be broadcast to \(target)")
    }
    let strides = ShapeRules.strides(shape)
    var viewStrides = [Int](repeating: 0, count: extra)
    for (dimension, size) in shape.enumerated() {
      let wanted = target[extra + dimension]
      guard size == wanted || size == 1 else {
        throw node.invalid("\(shape) cannot be broadcast to \(target)")
      }
      viewStrides.append(size == 1 ? 0 : strides[dimension])
    }
    return try finishView(&node, input, target, target, viewStrides, base: 0)
  }

  /// REVERSE_V2: the input with the order of the elements along each axis of the constant
  /// int32/int64 vector input 1 reversed (negative axes count from the end). Any set of
  /// distinct axes (TFLite accepts only contiguous ones), every fixed-size element type.
  static func makeReverse(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let (input, shape, axes) = try vectorArgument(&node, "the axes")
    var strides = ShapeRules.strides(shape)
    var base = 0
    var reversed = Set<Int>()
    for value in axes {
      let axis = try ShapeRules.axis(value, rank: shape.count, "axis", node)
      guard reversed.insert(axis).inserted else {
        throw node.invalid("axis \(axis) is reversed twice")
      }
      base += max(shape[axis] - 1, 0) * strides[axis]
      strides[axis] = -strides[axis]
    }
    return try finishView(&node, input, shape, shape, strides, base: base)
  }

  /// The data input (input 0) and its shape, and the values of the constant int32/int64
  /// vector input 1 (`what`), of a node with two inputs and one output.
  private static func vectorArgument(_ node: inout NodeContext, _ what: String)
    throws(InterpreterError) -> (TensorDescription, [Int], [Int])
  {
    try node.expect(inputs: 2, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    guard try node.input(1).shape.count == 1 else { throw node.invalid("\(what) must be a vector") }
    return (input, shape, try ShapeRules.constantIntegers(1, what, node))
  }

  /// Checks the output of a view of `input` and returns the kernel writing `viewShape` (laid
  /// out row-major, it is `outputShape`) from element strides `strides` after element `base`.
  private static func finishView(
    _ node: inout NodeContext, _ input: TensorDescription, _ outputShape: [Int],
    _ viewShape: [Int], _ strides: [Int], base: Int
  ) throws(InterpreterError) -> any Kernel {
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    try node.setOutputShape(0, outputShape)
    return ViewKernel(shape: viewShape, strides: strides, base: base, elementSize: elementSize)
  }
}
