import TFLiteModel

/// SELECT and SELECT_V2: `condition ? x : y` element by element, for every fixed-size element
/// type of `x` and `y` (bytes are moved, so quantized tensors keep theirs); the condition is
/// bool.
///
/// SELECT (TFLite's version one) takes a condition of the operands' shape, a scalar one, or a
/// vector matching their first dimension (choosing whole slices); `x` and `y` must have the
/// same shape. SELECT_V2 broadcasts all three NumPy style. When all three hold one element the
/// output keeps the shape the model gives it, as in TFLite.
struct SelectKernel: Kernel {
  static let sourceFile = #filePath

  private let elementSize: Int
  /// Output dimensions after merging neighbours, outermost first, and each operand's element
  /// strides over them (0 where broadcast): condition, x, y.
  private let shape: [Int]
  private let strides: [[Int]]
  private let count: Int

  static func make(_ node: inout NodeContext, broadcasting: Bool)
    throws(InterpreterError) -> any Kernel
  {
    try node.expect(inputs: 3, outputs: 1)
    let condition = try node.input(0)
    let x = try node.input(1)
    let y = try node.input(2)
    guard condition.type == .bool else {
      throw node.unsupported("the condition is \(condition.type), not bool")
    }
    guard y.type == x.type else { throw node.unsupported("x is \(x.type) but y is \(y.type)") }
    let elementSize = try ShapeRules.elementSize(x, node)
    try ShapeRules.requireOutputTypes(matching: x, node)
    let shapes = [try ShapeRules.shape(of: 0, node), x.shape, try ShapeRules.shape(of: 2, node)]
    var outputShape = shapes[1]
    var strides: [[Int]]
    if shapes.allSatisfy({ $0 == shapes[1] }) {
      strides = Array(repeating: ShapeRules.strides(outputShape), count: 3)
    } else if shapes.allSatisfy({ ShapeRules.elementCount($0) == 1 }) {
      outputShape = ShapeRules.elementCount(node.outputs[0].shape) == 1 ? node.outputs[0].shape : []
      strides = Array(repeating: Array(repeating: 0, count: outputShape.count), count: 3)
    } else if broadcasting {
      guard let first = Broadcast(shapes[0], shapes[1]),
        let all = Broadcast(first.shape, shapes[2])
      else {
        throw node.invalid("the shapes \(shapes) do not broadcast")
      }
      outputShape = all.shape
      strides = shapes.map { Broadcast($0, outputShape)?.stridesA ?? [] }
    } else {
      strides = try versionOneStrides(shapes, node)
    }
    guard let count = ShapeRules.elementCount(outputShape) else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    try node.setOutputShape(0, outputShape)
    let (merged, mergedStrides) = Self.merged(outputShape, strides)
    return SelectKernel(
      elementSize: elementSize, shape: merged, strides: mergedStrides, count: count)
  }

  /// SELECT's strides when the shapes differ: x and y alike, the condition a scalar or a
  /// vector along their first dimension.
  private static func versionOneStrides(_ shapes: [[Int]], _ node: NodeContext)
    throws(InterpreterError) -> [[Int]]
  {
    let (condition, x) = (shapes[0], shapes[1])
    guard shapes[2] == x,
      condition.isEmpty || (condition.count == 1 && !x.isEmpty && condition[0] == x[0])
    else {
      throw node.invalid(
        "SELECT needs x and y of one shape and a condition of that shape, a scalar or a vector along the first dimension; found \(shapes)"
      )
    }
    var conditionStrides = [Int](repeating: 0, count: x.count)
    if !condition.isEmpty { conditionStrides[0] = 1 }
    return [conditionStrides, ShapeRules.strides(x), ShapeRules.strides(x)]
  }

  /// `shape` without dimensions of 1 and with neighbours merged where every operand steps
  /// through both alike, and the operands' strides over the result.
  private static func merged(_ shape: [Int], _ strides: [[Int]]) -> ([Int], [[Int]]) {
    var sizes: [Int] = []
    var steps: [[Int]] = [[], [], []]
    for dimension in shape.indices where shape[dimension] != 1 {
      let size = shape[dimension]
      let joins =
        !sizes.isEmpty
        && (0..<3).allSatisfy { steps[$0][steps[$0].count - 1] == strides[$0][dimension] * size }
      if joins {
        sizes[sizes.count - 1] *= size
        for operand in 0..<3 {
          steps[operand][steps[operand].count - 1] = strides[operand][dimension]
        }
      } else {
        sizes.append(size)
        for operand in 0..<3 { steps[operand].append(strides[operand][dimension]) }
      }
    }
    return (sizes, steps)
  }

  func run(_ io: KernelIO) {
    switch elementSize {
    case 1: run(io, UInt8.self)
    case 2: run(io, UInt16.self)
    case 4: run(io, UInt32.self)
    default: run(io, UInt64.self)
    }
  }

  /// Walks the output in rows of its innermost (merged) dimension.
  private func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    guard count > 0 else { return }
    let condition = io.input(0, as: UInt8.self)
    let x = io.input(1, as: T.self)
    let y = io.input(2, as: T.self)
    let output = io.output(0, as: T.self)
    let rowLength = shape.last ?? 1
    let (c, a, b) = (strides[0].last ?? 0, strides[1].last ?? 0, strides[2].last ?? 0)
    let rows = count / rowLength
    let outer = shape.dropLast()
    io.pool.parallelFor(rows, minimumChunk: max(1, 16_384 / rowLength)) { range in
      for row in range {
        var remainder = row
        var offsets = (0, 0, 0)
        for dimension in stride(from: outer.count - 1, through: 0, by: -1) {
          let index = remainder % outer[dimension]
          remainder /= outer[dimension]
          offsets.0 += index * strides[0][dimension]
          offsets.1 += index * strides[1][dimension]
          offsets.2 += index * strides[2][dimension]
        }
        let target = output + row * rowLength
        for i in 0..<rowLength {
          target[i] =
            condition[offsets.0 + i * c] != 0 ? x[offsets.1 + i * a] : y[offsets.2 + i * b]
        }
      }
    }
  }
}
