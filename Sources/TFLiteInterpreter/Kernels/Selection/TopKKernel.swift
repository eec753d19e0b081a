import TFLiteModel

/// TOPK_V2: the `k` largest values along the last dimension of a float32, uint8, int8, int16,
/// int32 or int64 tensor, best first, and their indices (int32 or int16 output).
///
/// `k` (an int32 or int16 scalar) must be known at load, since the outputs' last dimension
/// is `max(k, 0)`; it must not exceed the last dimension. The order is TFLite's: larger values
/// first, equal values by ascending index, NaN after every number (NaNs by index). Quantized
/// values are compared as stored, which orders them as their real values.
struct TopKKernel: Kernel {
  static let sourceFile = #filePath

  private let type: TensorType
  private let narrowIndices: Bool
  private let rows, rowLength, k: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 2)
    let (input, shape) = try ShapeRules.shapedInput(0, node)
    guard [.float32, .uint8, .int8, .int16, .int32, .int64].contains(input.type) else {
      throw node.unsupported(
        "\(input.type) is not supported (float32, uint8, int8, int16, int32, int64 are)")
    }
    guard node.outputs[0].type == input.type else {
      throw node.unsupported("the values output is \(node.outputs[0].type), not \(input.type)")
    }
    let indexType = node.outputs[1].type
    guard indexType == .int32 || indexType == .int16 else {
      throw node.unsupported("indices of type \(indexType) are not supported (int32, int16 are)")
    }
    let kTensor = try node.input(1)
    guard kTensor.elementCount == 1 else { throw node.invalid("k must hold one value") }
    let kValue: Int?
    switch kTensor.type {
    case .int32: kValue = kTensor.constantIntegers()?.first
    case .int16: kValue = kTensor.constantValues(as: Int16.self)?.first.map(Int.init)
    default: throw node.unsupported("k of type \(kTensor.type) is not supported (int32, int16 are)")
    }
    guard let kValue else {
      throw node.unsupported("k must be known at load (the output shape depends on it)")
    }
    guard let rowLength = shape.last else {
      throw node.invalid("the input must have rank 1 or more")
    }
    let k = max(kValue, 0)
    guard k <= rowLength, indexType == .int32 || rowLength <= Int(Int16.max) + 1 else {
      throw node.invalid(
        "k \(kValue) does not fit the last dimension of \(shape) (or its index type)")
    }
    let outputShape = Array(shape.dropLast()) + [k]
    try node.setOutputShape(0, outputShape)
    try node.setOutputShape(1, outputShape)
    return TopKKernel(
      type: input.type, narrowIndices: indexType == .int16,
      rows: ShapeRules.elementCount(Array(shape.dropLast())) ?? 0, rowLength: rowLength, k: k)
  }

  func run(_ io: KernelIO) {
    switch type {
    case .float32: run(io, Float.self)
    case .uint8: run(io, UInt8.self)
    case .int8: run(io, Int8.self)
    case .int16: run(io, Int16.self)
    case .int32: run(io, Int32.self)
    default: run(io, Int64.self)
    }
  }

  private func run<T: Comparable>(_ io: KernelIO, _: T.Type) {
    guard k > 0, rows > 0 else { return }
    let input = io.input(0, as: T.self)
    let values = io.output(0, as: T.self)
    let indices = io.outputs[1]
    let (k, rowLength, narrow) = (self.k, self.rowLength, narrowIndices)
    io.pool.parallelFor(rows, minimumChunk: max(1, 4096 / rowLength)) { range in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: k) { kept in
        guard let heap = kept.baseAddress else { return }
        for row in range {
          let data = input + row * rowLength
          let best = Self.select(data, count: rowLength, k: k, into: heap)
          for (position, index) in best.enumerated() {
            values[row * k + position] = data[index]
            if narrow {
              indices.storeBytes(
                of: Int16(truncatingIfNeeded: index), toByteOffset: (row * k + position) * 2,
                as: Int16.self)
            } else {
              indices.storeBytes(
                of: Int32(truncatingIfNeeded: index), toByteOffset: (row * k + position) * 4,
                as: Int32.self)
            }
          }
        }
      }
    }
  }

  /// Exchanges the values at `a` and `b`.
  @inline(__always)
  private static func swap(_ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) {
    (a.pointee, b.pointee) = (b.pointee, a.pointee)
  }

  /// True when element `a` of `data` ranks before element `b`: a larger value, NaN last
  /// (`x != x` only for NaN), equal values by index.
  @inline(__always)
  private static func ranksBefore<T: Comparable>(_ data: UnsafePointer<T>, _ a: Int, _ b: Int)
    -> Bool
  {
    let (x, y) = (data[a], data[b])
    let (xNaN, yNaN) = (x != x, y != y)
    if xNaN != yNaN { return yNaN }
    if y < x { return true }
    if x < y { return false }
    return a < b
  }

  /// The indices of the `k` best of `count` elements, best first, using `heap` (`k` slots):
  /// a heap with the worst kept element at the root, then sorted.
  @inline(__always)
  private static func select<T: Comparable>(
    _ data: UnsafePointer<T>, count: Int, k: Int, into heap: UnsafeMutablePointer<Int>
  ) -> UnsafeMutableBufferPointer<Int> {
    // `worse(a, b)`: a ranks after b, so the root is the worst kept.
    let worse = { (a: Int, b: Int) in ranksBefore(data, b, a) }
    for index in 0..<count {
      if index < k {
        // Sift up.
        var child = index
        heap[child] = index
        while child > 0, worse(heap[child], heap[(child - 1) / 2]) {
          swap(heap + child, heap + (child - 1) / 2)
          child = (child - 1) / 2
        }
      } else if ranksBefore(data, index, heap[0]) {
        heap[0] = index
        var parent = 0
        while true {
          var child = 2 * parent + 1
          guard child < k else { break }
          if child + 1 < k && worse(heap[child + 1], heap[child]) { child += 1 }
          guard worse(heap[child], heap[parent]) else { break }
          swap(heap + child, heap + parent)
          parent = child
        }
      }
    }
    var kept = UnsafeMutableBufferPointer(start: heap, count: min(k, count))
    kept.sort { ranksBefore(data, $0, $1) }
    return kept
  }
}
