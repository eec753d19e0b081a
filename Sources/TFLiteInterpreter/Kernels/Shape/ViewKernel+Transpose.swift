import TFLiteModel

extension ViewKernel {
  /// TRANSPOSE: output dimension `i` is input dimension `perm[i]`. The permutation is a
  /// constant int32/int64 vector with one entry per input dimension (negative entries count from
  /// the end, as in TFLite); every dimension must appear exactly once. Any rank.
  static func makeTranspose(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    let rank = shape.count
    guard try node.input(1).shape.count == 1 else {
      throw node.invalid("the permutation must be a vector")
    }
    let permutation = try ShapeRules.constantIntegers(1, "the permutation", node)
    guard permutation.count == rank else {
      throw node.invalid("the permutation has \(permutation.count) entries for rank \(rank)")
    }
    var seen = [Bool](repeating: false, count: rank)
    var axes: [Int] = []
    for entry in permutation {
      let axis = try ShapeRules.axis(entry, rank: rank, "permutation entry", node)
      guard !seen[axis] else {
        throw node.invalid("the permutation \(permutation) repeats dimension \(axis)")
      }
      seen[axis] = true
      axes.append(axis)
    }
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    let strides = ShapeRules.strides(shape)
    let outputShape = axes.map { shape[$0] }
    try node.setOutputShape(0, outputShape)
    return ViewKernel(
      shape: outputShape, strides: axes.map { strides[$0] }, base: 0, elementSize: elementSize)
  }

  /// DEPTH_TO_SPACE on NHWC: `[n, h, w, c]` → `[n, h·b, w·b, c/b²]`, output channel block
  /// `(y, x)` taken from input channels `(y·b + x)·c/b² …` (TFLite's DCR order).
  static func makeDepthToSpace(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let block = node.options.decoded(as: DepthToSpaceOptions.self)?.blockSize ?? 0
    let (input, shape, elementSize) = try blockInput(node, block: block)
    let (batch, height, width, depth) = (shape[0], shape[1], shape[2], shape[3])
    guard depth % (block * block) == 0 else {
      throw node.invalid("depth \(depth) is not a multiple of block_size² (\(block * block))")
    }
    let outputDepth = depth / (block * block)
    let outputShape = [batch, height * block, width * block, outputDepth]
    try setBlockOutput(&node, input, outputShape)
    let strides = ShapeRules.strides(shape)
    return ViewKernel(
      shape: [batch, height, block, width, block, outputDepth],
      strides: [strides[0], strides[1], block * outputDepth, strides[2], outputDepth, 1], base: 0,
      elementSize: elementSize)
  }

  /// SPACE_TO_DEPTH on NHWC: `[n, h, w, c]` → `[n, h/b, w/b, c·b²]`, each `b×b` block of pixels
  /// becoming channels in (row, column, channel) order.
  static func makeSpaceToDepth(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let block = node.options.decoded(as: SpaceToDepthOptions.self)?.blockSize ?? 0
    let (input, shape, elementSize) = try blockInput(node, block: block)
    let (batch, height, width, depth) = (shape[0], shape[1], shape[2], shape[3])
    guard height % block == 0, width % block == 0 else {
      throw node.invalid(
        "height \(height) and width \(width) must be multiples of block_size \(block)")
    }
    let outputShape = [batch, height / block, width / block, depth * block * block]
    try setBlockOutput(&node, input, outputShape)
    let strides = ShapeRules.strides(shape)
    return ViewKernel(
      shape: [batch, height / block, width / block, block, block, depth],
      strides: [strides[0], block * strides[1], block * strides[2], strides[1], strides[2], 1],
      base: 0, elementSize: elementSize)
  }

  /// Checks and sets the output of a depth/space rearrangement of `input`.
  private static func setBlockOutput(
    _ node: inout NodeContext, _ input: TensorDescription, _ outputShape: [Int]
  ) throws(InterpreterError) {
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape is too large")
    }
    try ShapeRules.requireOutputTypes(matching: input, node)
    try node.setOutputShape(0, outputShape)
  }

  /// The 4-D input of a depth/space rearrangement, checked along with the node's arity and the
  /// block size.
  private static func blockInput(_ node: NodeContext, block: Int)
    throws(InterpreterError) -> (TensorDescription, [Int], Int)
  {
    try node.expect(inputs: 1, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    guard shape.count == 4 else { throw node.invalid("the input must be 4-D NHWC, not \(shape)") }
    guard block >= 1, block <= 1 << 15 else {
      throw node.invalid("block_size \(block) must be between 1 and 32768")
    }
    return (input, shape, try ShapeRules.elementSize(input, node))
  }
}
