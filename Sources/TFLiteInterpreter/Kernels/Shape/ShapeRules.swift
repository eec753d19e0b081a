import TFLiteModel

/// Load-time checks shared by the shape and data-movement kernels: element sizes, constant
/// integer inputs, axes, quantization equality and overflow-checked shape arithmetic.
enum ShapeRules {
  /// Bytes per element of `tensor`; types without a fixed size per element (string, int4, …)
  /// are unsupported.
  static func elementSize(_ tensor: TensorDescription, _ node: NodeContext)
    throws(InterpreterError) -> Int
  {
    guard let size = tensor.type.byteSize else {
      throw node.unsupported("tensors of type \(tensor.type) are not supported")
    }
    return size
  }

  /// Throws unless every output has the type of `input`.
  static func requireOutputTypes(matching input: TensorDescription, _ node: NodeContext)
    throws(InterpreterError)
  {
    for (position, output) in node.outputs.enumerated() where output.type != input.type {
      throw node.unsupported(
        "output \(position) is \(output.type) but the input is \(input.type)")
    }
  }

  /// The number of elements of `shape`, or nil when a dimension is negative or the product
  /// overflows `Int`.
  static func elementCount(_ shape: [Int]) -> Int? {
    var count = 1
    for dimension in shape {
      guard dimension >= 0 else { return nil }
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      guard !overflow else { return nil }
      count = product
    }
    return count
  }

  /// The position of the one -1 in `values` (a size to infer), or nil when there is none;
  /// throws when there are two. `what` names the values in the error (`"size_splits"`).
  static func inferredPosition(in values: [Int], _ what: String, _ node: NodeContext)
    throws(InterpreterError) -> Int?
  {
    let positions = values.indices.filter { values[$0] == -1 }
    guard positions.count <= 1 else { throw node.invalid("\(what) \(values) has two -1s") }
    return positions.first
  }

  /// Input `position` and its shape, checked to have no negative dimension and a countable
  /// size.
  static func shapedInput(_ position: Int, _ node: NodeContext) throws(InterpreterError) -> (
    TensorDescription, [Int]
  ) {
    let tensor = try node.input(position)
    guard elementCount(tensor.shape) != nil else {
      throw node.invalid("input \(position) has an unusable shape \(tensor.shape)")
    }
    return (tensor, tensor.shape)
  }

  /// The shape of input `position`, checked as ``shapedInput(_:_:)`` checks it.
  static func shape(of position: Int, _ node: NodeContext) throws(InterpreterError) -> [Int] {
    try shapedInput(position, node).1
  }

  /// The values of integer input `position` (int32 or int64), which must be known at load:
  /// constant in the model or computed from constants. A tensor with no elements is known.
  /// `what` names the input in errors, e.g. "the paddings".
  static func constantIntegers(_ position: Int, _ what: String, _ node: NodeContext)
    throws(InterpreterError) -> [Int]
  {
    let tensor = try node.input(position)
    guard tensor.type == .int32 || tensor.type == .int64 else {
      throw node.unsupported("\(what) must be int32 or int64, not \(tensor.type)")
    }
    guard let count = elementCount(tensor.shape) else {
      throw node.invalid("\(what) has an unusable shape \(tensor.shape)")
    }
    if count == 0 { return [] }
    guard let values = tensor.constantIntegers() else {
      throw node.unsupported("\(what) must be constant")
    }
    return values
  }

  /// `axis` counted from the end when negative, checked to lie in `0..<rank`.
  static func axis(_ axis: Int, rank: Int, _ what: String, _ node: NodeContext)
    throws(InterpreterError) -> Int
  {
    let resolved = axis < 0 ? axis + rank : axis
    guard resolved >= 0 && resolved < rank else {
      throw node.invalid("\(what) \(axis) is out of range for rank \(rank)")
    }
    return resolved
  }

  /// The per-tensor `(scale, zeroPoint)` as TFLite's `params` holds them: (0, 0) when absent.
  static func parameters(_ tensor: TensorDescription) -> (scale: Float, zeroPoint: Int) {
    guard let parameters = tensor.quantization?.perTensor else { return (0, 0) }
    return (parameters.scale, parameters.zeroPoint)
  }

  /// True when `a` and `b` have the same per-tensor scale and zero point.
  static func sameQuantization(_ a: TensorDescription, _ b: TensorDescription) -> Bool {
    let (scaleA, zeroA) = parameters(a)
    let (scaleB, zeroB) = parameters(b)
    return scaleA == scaleB && zeroA == zeroB
  }

  /// True when `tensor` carries affine quantization parameters.
  static func isQuantized(_ tensor: TensorDescription) -> Bool {
    !(tensor.quantization?.scales.isEmpty ?? true)
  }

  /// Throws unless `input` and `output` are quantized alike: this kernel moves bytes and cannot
  /// requantize (requantizing data movement is a later feature).
  static func requireSameQuantization(
    _ input: TensorDescription, _ inputName: String, _ output: TensorDescription,
    _ outputName: String, _ node: NodeContext
  ) throws(InterpreterError) {
    guard sameQuantization(input, output) else {
      let a = parameters(input)
      let b = parameters(output)
      throw node.unsupported(
        "\(inputName) (scale \(a.scale), zero point \(a.zeroPoint)) and \(outputName) (scale \(b.scale), zero point \(b.zeroPoint)) are quantized differently; requantization is not supported"
      )
    }
  }

  /// Where each of `sizes` starts when they are laid end to end, and their total.
  static func offsets(of sizes: [Int]) -> (offsets: [Int], total: Int) {
    var offsets: [Int] = []
    var total = 0
    for size in sizes {
      offsets.append(total)
      total += size
    }
    return (offsets, total)
  }

  /// Splits `outerCount` rows of chunks — `chunkBytes`, laid end to end in rows of
  /// `rowBytes` — over `pool`'s threads, calling `body(outer, chunk)` for every non-empty chunk
  /// of every row (CONCATENATION's inputs, SPLIT's outputs).
  static func forEachChunk(
    outerCount: Int, chunkBytes: [Int], rowBytes: Int, pool: ThreadPool,
    _ body: (_ outer: Int, _ chunk: Int) -> Void
  ) {
    let chunks = chunkBytes.count
    let items = outerCount * chunks
    guard rowBytes > 0, items > 0 else { return }
    let averageChunk = max(1, rowBytes / chunks)
    pool.parallelFor(items, minimumChunk: max(1, 65536 / averageChunk)) { range in
      for item in range where chunkBytes[item % chunks] > 0 {
        body(item / chunks, item % chunks)
      }
    }
  }

  /// Row-major element strides of `shape`.
  static func strides(_ shape: [Int]) -> [Int] {
    var strides = [Int](repeating: 1, count: shape.count)
    var step = 1
    for dimension in shape.indices.reversed() {
      strides[dimension] = step
      step = step &* max(shape[dimension], 1)
    }
    return strides
  }

  /// Whether bit `index` of `mask` is set (false outside `0..<63`).
  static func bit(_ mask: Int, _ index: Int) -> Bool {
    index >= 0 && index < 63 && mask & (1 << index) != 0
  }
}
