import TFLiteModel

/// PAD and PADV2 for every fixed-size element type, any rank.
///
/// The paddings are a constant int32/int64 `[rank, 2]` tensor of non-negative (before, after)
/// counts. The pad value is PADV2's third input (one element of the input's type; it may be
/// computed at run time), else zero, except that uint8 tensors, and int8/int16 tensors with
/// quantization, pad with the output's zero point, as TFLite does. A quantized pad value must
/// share the output's scale and zero point.
///
/// The output is written in one pass of rows: trailing dimensions without padding are merged
/// into the last padded one, and each output row is either all padding or padding, one copied
/// input row, padding.
final class PadKernel: Kernel {
  static let sourceFile = #filePath

  private let elementSize: Int
  /// Output dimensions before the row dimension (the outer loop).
  private let outerShape: [Int]
  /// Padding before each outer dimension.
  private let outerBefore: [Int]
  /// Input size of each outer dimension.
  private let outerInput: [Int]
  /// Input rows per step of each outer dimension.
  private let outerInputStrides: [Int]
  /// Elements of padding before and after the copied part of a row, and of the copied part.
  private let rowBefore, rowAfter, rowCopy: Int
  /// The pad value's bytes when known at load; nil when it is read from input 2 at run time.
  private let pattern: UnsafeMutableRawPointer?

  private init(
    elementSize: Int, outerShape: [Int], outerBefore: [Int], outerInput: [Int], rowBefore: Int,
    rowAfter: Int, rowCopy: Int, pattern: [UInt8]?
  ) {
    self.elementSize = elementSize
    self.outerShape = outerShape
    self.outerBefore = outerBefore
    self.outerInput = outerInput
    outerInputStrides = ShapeRules.strides(outerInput)
    self.rowBefore = rowBefore
    self.rowAfter = rowAfter
    self.rowCopy = rowCopy
    if let pattern {
      let memory = UnsafeMutableRawPointer.allocate(byteCount: elementSize, alignment: 16)
      memory.initializeMemory(as: UInt8.self, repeating: 0, count: elementSize)
      for (index, byte) in pattern.prefix(elementSize).enumerated() {
        memory.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
      }
      self.pattern = memory
    } else {
      self.pattern = nil
    }
  }

  deinit { pattern?.deallocate() }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, 3, outputs: 1)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    let rank = shape.count
    let elementSize = try ShapeRules.elementSize(input, node)
    try ShapeRules.requireOutputTypes(matching: input, node)
    let paddingsTensor = try node.input(1)
    guard paddingsTensor.shape == [rank, 2] else {
      throw node.invalid(
        "the paddings have shape \(paddingsTensor.shape); a rank-\(rank) input needs [\(rank), 2]")
    }
    let paddings = try ShapeRules.constantIntegers(1, "the paddings", node)
    var outputShape: [Int] = []
    for dimension in 0..<rank {
      let (before, after) = (paddings[2 * dimension], paddings[2 * dimension + 1])
      guard before >= 0, after >= 0, before <= Int(Int32.max), after <= Int(Int32.max) else {
        throw node.invalid(
          "paddings \(before), \(after) of dimension \(dimension) are out of range")
      }
      outputShape.append(shape[dimension] + before + after)
    }
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the padded shape \(outputShape) is too large")
    }

    let pattern = try padValue(node, input: input, elementSize: elementSize)
    try node.setOutputShape(0, outputShape)

    // Rows: merge trailing unpadded dimensions into the last padded one.
    let padded = (0..<rank).last { paddings[2 * $0] != 0 || paddings[2 * $0 + 1] != 0 }
    guard let row = padded else {
      let count = ShapeRules.elementCount(shape) ?? 0
      return PadKernel(
        elementSize: elementSize, outerShape: [], outerBefore: [], outerInput: [], rowBefore: 0,
        rowAfter: 0, rowCopy: count, pattern: pattern)
    }
    let inner = ShapeRules.elementCount(Array(shape[(row + 1)...])) ?? 0
    return PadKernel(
      elementSize: elementSize, outerShape: Array(outputShape[..<row]),
      outerBefore: (0..<row).map { paddings[2 * $0] }, outerInput: Array(shape[..<row]),
      rowBefore: paddings[2 * row] * inner, rowAfter: paddings[2 * row + 1] * inner,
      rowCopy: shape[row] * inner, pattern: pattern)
  }

  /// The pad value's bytes when known at load (nil when input 2 is computed at run time): the
  /// PADV2 value, else the output's zero point for uint8 (and quantized int8/int16), else 0.
  private static func padValue(_ node: NodeContext, input: TensorDescription, elementSize: Int)
    throws(InterpreterError) -> [UInt8]?
  {
    let output = node.outputs[0]
    let quantizedPath =
      input.type == .uint8
      || ((input.type == .int8 || input.type == .int16) && ShapeRules.isQuantized(input))
    if node.inputs.count == 3, let value = node.inputs[2] {
      guard value.type == input.type else {
        throw node.unsupported("the pad value is \(value.type) but the input is \(input.type)")
      }
      guard ShapeRules.elementCount(value.shape) == 1 else {
        throw node.invalid("the pad value must hold one element, not shape \(value.shape)")
      }
      if quantizedPath {
        try ShapeRules.requireSameQuantization(value, "the pad value", output, "the output", node)
      }
      return value.constant.map { Array($0.prefix(elementSize)) }
    }
    guard quantizedPath else { return [UInt8](repeating: 0, count: elementSize) }
    let zeroPoint = ShapeRules.parameters(output).zeroPoint
    switch input.type {
    case .uint8:
      guard let byte = UInt8(exactly: zeroPoint) else {
        throw node.invalid("zero point \(zeroPoint) does not fit uint8")
      }
      return [byte]
    case .int8:
      guard let byte = Int8(exactly: zeroPoint) else {
        throw node.invalid("zero point \(zeroPoint) does not fit int8")
      }
      return [UInt8(bitPattern: byte)]
    default:
      guard let value = Int16(exactly: zeroPoint) else {
        throw node.invalid("zero point \(zeroPoint) does not fit int16")
      }
      let bits = UInt16(bitPattern: value)
      return [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8)]
    }
  }

  func run(_ io: KernelIO) {
    let rowLength = rowBefore + rowCopy + rowAfter
    let rows = ShapeRules.elementCount(outerShape) ?? 0
    guard rowLength > 0, rows > 0 else { return }
    guard let value = pattern.map(UnsafeRawPointer.init) ?? io.inputs[2] else { return }
    let source = io.inputs[0]
    let destination = io.outputs[0]
    let elementSize = self.elementSize
    let rowBytes = rowLength * elementSize
    io.pool.parallelFor(rows, minimumChunk: max(1, 65536 / rowBytes)) { range in
      let depth = outerShape.count
      withUnsafeTemporaryAllocation(of: Int.self, capacity: max(depth, 1)) { index in
        var remainder = range.lowerBound
        for dimension in (0..<depth).reversed() {
          index[dimension] = remainder % outerShape[dimension]
          remainder /= outerShape[dimension]
        }
        for outputRow in range {
          let target = destination + outputRow * rowBytes
          // Which input row this is, if the row is not all padding.
          var inputRow = 0
          var inside = true
          for dimension in 0..<depth {
            let position = index[dimension] - outerBefore[dimension]
            if position < 0 || position >= outerInput[dimension] {
              inside = false
              break
            }
            inputRow += position * outerInputStrides[dimension]
          }
          if inside, let source {
            ByteFill.fill(target, count: rowBefore, pattern: value, elementSize: elementSize)
            (target + rowBefore * elementSize).copyMemory(
              from: source + inputRow * rowCopy * elementSize, byteCount: rowCopy * elementSize)
            ByteFill.fill(
              target + (rowBefore + rowCopy) * elementSize, count: rowAfter, pattern: value,
              elementSize: elementSize)
          } else {
            ByteFill.fill(target, count: rowLength, pattern: value, elementSize: elementSize)
          }
          // Next row.
          var dimension = depth - 1
          while dimension >= 0 {
            index[dimension] += 1
            if index[dimension] < outerShape[dimension] { break }
            index[dimension] = 0
            dimension -= 1
          }
        }
      }
    }
  }
}
