import TFLiteModel

/// RANGE: `start, start + delta, …` up to `limit` (exclusive) in float32, int32 or int64, from
/// three scalars of that type. The length depends on the values, so they must be known at
/// load (constant, or computed from constants); then the node is evaluated at load too.
///
/// As TFLite: `delta` must be nonzero and point from `start` towards `limit`; the length is
/// `(|limit − start| + |delta| − 1) / |delta|` for integers and `⌈|(limit − start) / delta|⌉`
/// in float arithmetic for floats, and element `i + 1` is element `i` plus `delta` (floats
/// accumulate their rounding as TFLite's loop does; integers wrap).
struct RangeKernel: SummingKernel {
  static let sourceFile = #filePath

  let type: TensorType
  private let count: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 3, outputs: 1)
    let start = try node.inputMatchingOutput()
    guard [.float32, .int32, .int64].contains(start.type) else {
      throw node.unsupported("\(start.type) is not supported (float32, int32, int64 are)")
    }
    for position in 0..<3 {
      let tensor = try node.input(position)
      guard tensor.type == start.type, tensor.shape.isEmpty || tensor.shape == [1] else {
        throw node.invalid("start, limit and delta must be scalars of one type")
      }
    }
    let missing = node.unsupported(
      "start, limit and delta must be known at load (the length depends on them)")
    let inputs = [start, try node.input(1), try node.input(2)]
    let count: Int
    if start.type == .float32 {
      let values = inputs.compactMap { $0.constantValues(as: UInt32.self)?.first }
      guard values.count == 3 else { throw missing }
      let floats = values.map(Float.init(bitPattern:))
      count = try floatLength(floats[0], floats[1], floats[2], node)
    } else {
      let values = inputs.compactMap { $0.constantIntegers()?.first }
      guard values.count == 3 else { throw missing }
      count = try integerLength(values[0], values[1], values[2], node)
    }
    try node.setOutputShape(0, [count])
    return RangeKernel(type: start.type, count: count)
  }

  /// TFLite's length of a float range (`std::ceil(std::abs((limit - start) / delta))`).
  private static func floatLength(
    _ start: Float, _ limit: Float, _ delta: Float, _ node: NodeContext
  )
    throws(InterpreterError) -> Int
  {
    guard delta != 0, (start >= limit && delta < 0) || (start <= limit && delta > 0) else {
      throw node.invalid("delta \(delta) does not lead from \(start) to \(limit)")
    }
    let length = abs((limit - start) / delta).rounded(.up)
    guard length.isFinite, length <= Float(Int32.max) else {
      throw node.invalid("the range from \(start) to \(limit) by \(delta) is too long")
    }
    return Int(length)
  }

  /// TFLite's length of an integer range (computed without overflow).
  private static func integerLength(
    _ start: Int, _ limit: Int, _ delta: Int, _ node: NodeContext
  ) throws(InterpreterError) -> Int {
    guard delta != 0, (start >= limit && delta < 0) || (start <= limit && delta > 0) else {
      throw node.invalid("delta \(delta) does not lead from \(start) to \(limit)")
    }
    let step = delta.magnitude
    let span = (limit &- start).magnitude
    let (rounded, overflow) = span.addingReportingOverflow(step - 1)
    let length = rounded / step
    guard !overflow, length <= UInt(Int32.max) else {
      throw node.invalid("the range from \(start) to \(limit) by \(delta) is too long")
    }
    return Int(length)
  }

  /// Writes `start`, then adds `delta` for each next element.
  func run<T: SummableElement>(_ io: KernelIO, _: T.Type) {
    let output = io.output(0, as: T.self)
    var value = io.input(0, as: T.self).pointee
    let delta = io.input(2, as: T.self).pointee
    for index in 0..<count {
      output[index] = value
      value = T.sum(value, delta)
    }
  }
}
