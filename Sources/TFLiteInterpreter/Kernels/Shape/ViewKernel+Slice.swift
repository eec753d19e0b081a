import TFLiteModel

extension ViewKernel {
  /// SLICE: `begin` and `size` (constant int32/int64 vectors, one value per input dimension);
  /// a size of -1 runs to the end of the dimension. The slice must lie inside the input.
  static func makeSlice(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 3, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    guard try node.input(1).shape.count == 1, try node.input(2).shape.count == 1 else {
      throw node.invalid("begin and size must be vectors")
    }
    let begin = try ShapeRules.constantIntegers(1, "begin", node)
    let size = try ShapeRules.constantIntegers(2, "size", node)
    guard begin.count == shape.count, size.count == shape.count else {
      throw node.invalid(
        "begin and size have \(begin.count) and \(size.count) values for an input of rank \(shape.count)"
      )
    }
    var outputShape: [Int] = []
    for dimension in shape.indices {
      let (first, length, available) = (begin[dimension], size[dimension], shape[dimension])
      guard first >= 0, first <= available else {
        throw node.invalid(
          "begin \(first) is out of range for dimension \(dimension) of size \(available)")
      }
      if length == -1 {
        outputShape.append(available - first)
      } else {
        guard length >= 0, length <= available - first else {
          throw node.invalid(
            "size \(length) from \(first) does not fit dimension \(dimension) of size \(available)")
        }
        outputShape.append(length)
      }
    }
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    try node.setOutputShape(0, outputShape)
    let strides = ShapeRules.strides(shape)
    var base = 0
    if ShapeRules.elementCount(outputShape) != 0 {
      for dimension in shape.indices { base += begin[dimension] * strides[dimension] }
    }
    return ViewKernel(shape: outputShape, strides: strides, base: base, elementSize: elementSize)
  }

  /// STRIDED_SLICE with every mask and `offset`; see ``StridedSliceSpec``. `begin`, `end` and
  /// `strides` must be constant int32/int64 vectors of equal length.
  static func makeStridedSlice(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 4, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    for position in 1...3 where try node.input(position).shape.count != 1 {
      throw node.invalid("begin, end and strides must be vectors")
    }
    let begin = try ShapeRules.constantIntegers(1, "begin", node)
    let end = try ShapeRules.constantIntegers(2, "end", node)
    let strides = try ShapeRules.constantIntegers(3, "strides", node)
    var masks: StridedSliceSpec.Masks = (0, 0, 0, 0, 0)
    var offset = false
    if let options = node.options.decoded(as: StridedSliceOptions.self) {
      masks = (
        options.beginMask, options.endMask, options.ellipsisMask, options.newAxisMask,
        options.shrinkAxisMask
      )
      offset = options.offset
    }
    let spec = try StridedSliceSpec(
      inputShape: shape, begin: begin, end: end, strides: strides, masks: masks, offset: offset,
      node: node)
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    try node.setOutputShape(0, spec.outputShape)
    return ViewKernel(
      shape: spec.counts, strides: spec.steps, base: spec.base, elementSize: elementSize)
  }
}
