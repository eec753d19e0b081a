import TFLiteModel

/// CONCATENATION and PACK for every fixed-size element type: each input contributes a block of
/// bytes to every "outer" row of the output.
///
/// CONCATENATION joins inputs of equal rank along `axis` (negative counts from the end; rank-0
/// inputs join into a vector, as TFLite does for constant scalars). Its fused activation is
/// applied on float32 (TFLite's reference kernel ignores it in older versions and rejects it in
/// newer ones); other types must have none. PACK stacks `values_count` inputs of one shape along
/// a new axis (`-rank-1...rank`).
///
/// A uint8 CONCATENATION input quantized differently from the output is requantized as TFLite's
/// reference `ConcatenationWithScaling` does, in float: `q' = round(q · s + b) + z'` with
/// `s = scale · (1 / scale')` and `b = −z · s` (each product rounded to float, half away from
/// zero, as x86-64 converts out-of-range values: to `Int32.min`), clamped to `0...255`; inputs
/// quantized like the output are copied. int8 inputs are requantized the same way (TFLite
/// rejects differing int8 parameters). PACK and int16 CONCATENATION inputs must share the
/// output's scale and zero point, as in TFLite.
final class ConcatenationKernel: Kernel {
  static let sourceFile = #filePath

  /// Number of output rows (product of the dimensions before the axis).
  private let outerCount: Int
  /// Bytes each input contributes to one output row.
  private let chunkBytes: [Int]
  /// Byte offset of each input's block within an output row.
  private let chunkOffsets: [Int]
  private let rowBytes: Int
  /// The float32 clamp, or nil when there is none to apply.
  private let activation: FusedActivation?
  /// Per input: the requantized byte for every stored byte (indexed by bit pattern), or nil
  /// when the input is copied as it is.
  private let tables: [[UInt8]?]

  private init(
    outerCount: Int, chunkBytes: [Int], activation: FusedActivation?, tables: [[UInt8]?]
  ) {
    self.outerCount = outerCount
    self.chunkBytes = chunkBytes
    (chunkOffsets, rowBytes) = ShapeRules.offsets(of: chunkBytes)
    self.activation = activation
    self.tables = tables
  }

  static func makeConcatenation(_ node: inout NodeContext) throws(InterpreterError)
    -> any Kernel
  {
    guard !node.inputs.isEmpty else { throw node.invalid("expected at least 1 input, found 0") }
    try node.expect(inputs: node.inputs.count, outputs: 1)
    // Absent options decode as TFLite's defaults: axis 0, no activation.
    var (rawAxis, fused) = (0, ActivationFunction.none)
    if let options = node.options.decoded(as: ConcatenationOptions.self) {
      (rawAxis, fused) = (options.axis, options.activation)
    }
    let (first, firstShape) = try ShapeRules.shapedInput(0, node)
    let rank = firstShape.count
    let axis: Int
    if rank == 0 {
      guard rawAxis == 0 else {
        throw node.invalid("axis \(rawAxis) is out of range for scalars")
      }
      axis = 0
    } else {
      axis = try ShapeRules.axis(rawAxis, rank: rank, "axis", node)
    }
    var shapes: [[Int]] = []
    for position in node.inputs.indices {
      let tensor = try node.input(position)
      let shape = try ShapeRules.shape(of: position, node)
      guard tensor.type == first.type else {
        throw node.unsupported("input \(position) is \(tensor.type) but input 0 is \(first.type)")
      }
      guard shape.count == rank else {
        throw node.invalid("input \(position) has rank \(shape.count), input 0 has rank \(rank)")
      }
      for dimension in 0..<rank where dimension != axis && shape[dimension] != firstShape[dimension]
      {
        throw node.invalid(
          "input \(position) has shape \(shape), which does not match \(firstShape) off axis \(axis)"
        )
      }
      shapes.append(rank == 0 ? [1] : shape)
    }
    try ShapeRules.requireOutputTypes(matching: first, node)
    let output = node.outputs[0]
    var tables: [[UInt8]?] = Array(repeating: nil, count: node.inputs.count)
    if first.type == .uint8 || first.type == .int8 {
      for position in node.inputs.indices {
        tables[position] = try requantizationTable(
          from: try node.input(position), position, to: output, node)
      }
    } else if first.type == .int16 {
      for position in node.inputs.indices {
        try ShapeRules.requireSameQuantization(
          try node.input(position), "input \(position)", output, "the output", node)
      }
      if ShapeRules.parameters(output).zeroPoint != 0 {
        throw node.unsupported("int16 concatenation needs zero points of 0")
      }
    }
    var activation: FusedActivation? = nil
    if fused != .none {
      guard first.type == .float32 else {
        throw node.unsupported("fused \(fused) on \(first.type) is not supported")
      }
      activation = try FusedActivation(fused, node: node)
    }
    var outputShape = shapes[0]
    var axisTotal = 0
    for shape in shapes {
      let (sum, overflow) = axisTotal.addingReportingOverflow(shape[axis])
      guard !overflow else { throw node.invalid("the concatenated dimension overflows") }
      axisTotal = sum
    }
    outputShape[axis] = axisTotal
    return try finish(
      &node, shapes: shapes, axis: axis, outputShape: outputShape, type: first,
      activation: activation, tables: tables)
  }

  /// The byte-to-byte requantization of a uint8/int8 input into the output's parameters, or
  /// nil when they are equal (TFLite compares the per-tensor `params`, which are 0 for tensors
  /// that have none or several scales).
  private static func requantizationTable(
    from input: TensorDescription, _ position: Int, to output: TensorDescription,
    _ node: NodeContext
  ) throws(InterpreterError) -> [UInt8]? {
    let (inputScale, inputZero) = ShapeRules.parameters(input)
    let (outputScale, outputZero) = ShapeRules.parameters(output)
    if inputScale == outputScale && inputZero == outputZero { return nil }
    guard outputScale > 0, outputScale.isFinite, inputScale.isFinite, inputScale >= 0 else {
      throw node.unsupported(
        "input \(position) (scale \(inputScale)) cannot be requantized to the output's scale \(outputScale)"
      )
    }
    let range = Int(Int32.min)...Int(Int32.max)
    guard range ~= inputZero, range ~= outputZero else {
      throw node.invalid("a zero point of input \(position) or the output does not fit in 32 bits")
    }
    let signed = input.type == .int8
    let (lowest, highest): (Int32, Int32) = signed ? (-128, 127) : (0, 255)
    // As TFLite: a float scale and bias, each rounded to float.
    let scale = inputScale * (1 / outputScale)
    let bias = Float(-inputZero) * scale
    let zero = Int32(outputZero)
    return (0..<256).map { byte in
      let value = signed ? Float(Int8(truncatingIfNeeded: byte)) : Float(byte)
      let rounded = (value * scale + bias).rounded(.toNearestOrAwayFromZero)
      // static_cast<int32_t> on x86-64: out-of-range values and NaN become Int32.min.
      let integer = rounded >= -2_147_483_648 && rounded < 2_147_483_648 ? Int32(rounded) : .min
      return UInt8(truncatingIfNeeded: min(max(integer &+ zero, lowest), highest))
    }
  }

  static func makePack(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    var (valuesCount, rawAxis) = (0, 0)
    if let options = node.options.decoded(as: PackOptions.self) {
      (valuesCount, rawAxis) = (options.valuesCount, options.axis)
    }
    guard valuesCount >= 1, valuesCount == node.inputs.count else {
      throw node.invalid(
        "values_count is \(valuesCount) but the node has \(node.inputs.count) inputs")
    }
    try node.expect(inputs: valuesCount, outputs: 1)
    let (first, shape) = try ShapeRules.shapedInput(0, node)
    let axis = try ShapeRules.axis(rawAxis, rank: shape.count + 1, "axis", node)
    for position in node.inputs.indices {
      let tensor = try node.input(position)
      guard tensor.type == first.type else {
        throw node.unsupported("input \(position) is \(tensor.type) but input 0 is \(first.type)")
      }
      guard tensor.shape == shape else {
        throw node.invalid("input \(position) has shape \(tensor.shape), input 0 has \(shape)")
      }
      try ShapeRules.requireSameQuantization(
        tensor, "input \(position)", node.outputs[0], "the output", node)
    }
    try ShapeRules.requireOutputTypes(matching: first, node)
    var expanded = shape
    expanded.insert(1, at: axis)
    var outputShape = shape
    outputShape.insert(valuesCount, at: axis)
    return try finish(
      &node, shapes: Array(repeating: expanded, count: valuesCount), axis: axis,
      outputShape: outputShape, type: first, activation: nil,
      tables: Array(repeating: nil, count: valuesCount))
  }

  private static func finish(
    _ node: inout NodeContext, shapes: [[Int]], axis: Int, outputShape: [Int],
    type: TensorDescription, activation: FusedActivation?, tables: [[UInt8]?]
  ) throws(InterpreterError) -> any Kernel {
    let elementSize = try ShapeRules.elementSize(type, node)
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    try node.setOutputShape(0, outputShape)
    let outerCount = ShapeRules.elementCount(Array(outputShape[..<axis])) ?? 0
    let chunks = shapes.map { (ShapeRules.elementCount(Array($0[axis...])) ?? 0) * elementSize }
    return ConcatenationKernel(
      outerCount: outerCount, chunkBytes: chunks,
      activation: activation.flatMap { $0.isIdentity ? nil : $0 }, tables: tables)
  }

  func run(_ io: KernelIO) {
    let destination = io.outputs[0]
    ShapeRules.forEachChunk(
      outerCount: outerCount, chunkBytes: chunkBytes, rowBytes: rowBytes, pool: io.pool
    ) { outer, input in
      let bytes = chunkBytes[input]
      guard let source = io.inputs[input] else { return }
      let target = destination + outer * rowBytes + chunkOffsets[input]
      if let table = tables[input] {
        // Requantized bytes (the table has 256 entries, one per byte value).
        let from = (source + outer * bytes).assumingMemoryBound(to: UInt8.self)
        let to = target.assumingMemoryBound(to: UInt8.self)
        table.withUnsafeBufferPointer { table in
          for index in 0..<bytes { to[index] = table[Int(from[index])] }
        }
        return
      }
      target.copyMemory(from: source + outer * bytes, byteCount: bytes)
      if let activation {
        let values = target.assumingMemoryBound(to: Float.self)
        for index in 0..<(bytes / 4) { values[index] = activation.apply(values[index]) }
      }
    }
  }
}
