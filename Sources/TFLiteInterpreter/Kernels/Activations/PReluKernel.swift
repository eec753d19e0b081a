import TFLiteModel

/// PRELU on float32: `x >= 0 ? x : x · alpha`, with the alpha tensor broadcast against the
/// input (NumPy style); the broadcast shape must be the input's shape, as TFLite requires.
/// uint8 and int8 (input, alpha and output of one type) run as ``QuantizedPReluKernel``.
struct PReluKernel: Kernel {
  static let sourceFile = #filePath

  /// How alpha maps onto the input; nil for an empty input.
  private let broadcast: Broadcast?
  /// Alpha repeats with this period along the flat input (it covers trailing dimensions of the
  /// input exactly, e.g. one alpha per channel); nil when the general broadcast is needed.
  private let period: Int?

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.input(0)
    let alpha = try node.input(1)
    guard input.type == alpha.type, input.type == node.outputs[0].type else {
      throw node.unsupported("input, alpha and output types must match")
    }
    var quantized: QuantizedPReluKernel.Parameters?
    switch input.type {
    case .float32: break
    case .uint8, .int8:
      quantized = QuantizedPReluKernel.Parameters(
        input: try PerTensorQuantization.eightBit(input, "input", node),
        alpha: try PerTensorQuantization.eightBit(alpha, "alpha", node),
        output: try PerTensorQuantization.eightBit(node.outputs[0], "output", node))
    default:
      throw node.unsupported("\(input.type) is not supported (only float32, uint8 and int8)")
    }
    // Broadcasting alpha must give exactly the input's shape: alpha's dimensions, aligned on the
    // right, are 1 or the input's.
    let fits =
      alpha.shape.count <= input.shape.count
      && zip(alpha.shape.reversed(), input.shape.reversed()).allSatisfy { $0 == 1 || $0 == $1 }
    guard fits else {
      throw node.invalid(
        "alpha shape \(alpha.shape) does not broadcast to input shape \(input.shape)")
    }
    try node.setOutputShape(0, input.shape)
    // An empty input (whose other dimensions may be huge) needs no broadcast plan.
    var broadcast: Broadcast?
    var period: Int?
    if input.elementCount > 0, let plan = Broadcast(input.shape, alpha.shape) {
      broadcast = plan
      period = Self.period(of: alpha.shape, in: input.shape)
    }
    if let quantized {
      return QuantizedPReluKernel(parameters: quantized, broadcast: broadcast, period: period)
    }
    return PReluKernel(broadcast: broadcast, period: period)
  }

  /// The element count of `alpha` when it equals the trailing dimensions of `input` (after
  /// dropping its leading 1s), so alpha index = flat input index mod that count.
  private static func period(of alpha: [Int], in input: [Int]) -> Int? {
    var trimmed = alpha[...]
    while trimmed.first == 1 { trimmed = trimmed.dropFirst() }
    guard trimmed.count <= input.count, Array(input.suffix(trimmed.count)) == Array(trimmed) else {
      return nil
    }
    let count = trimmed.reduce(1, *)
    return count > 0 ? count : nil
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: Float.self)
    let alpha = io.input(1, as: Float.self)
    let output = io.output(0, as: Float.self)
    guard let broadcast else { return }
    guard let period else {
      Self.forEachElement(broadcast, period: nil, pool: io.pool) { o, i, a in
        let x = input[i]
        output[o] = x >= 0 ? x : x * alpha[a]
      }
      return
    }
    // Alpha repeats along the flat input: whole runs of it at a time, 8 lanes wide.
    io.pool.parallelFor(broadcast.count, minimumChunk: 16_384) { range in
      var o = range.lowerBound
      var a = o % period
      while o < range.upperBound {
        let run = min(period - a, range.upperBound - o)
        Self.apply(input + o, alpha + a, output + o, count: run)
        o += run
        a = 0
      }
    }
  }

  /// `output[j] = input[j] >= 0 ? input[j] : input[j] · alpha[j]` for `j < count`, eight at a
  /// time: the same product per element as the scalar form (NaN and −0 pass through alike).
  @inline(__always)
  static func apply(
    _ input: UnsafePointer<Float>, _ alpha: UnsafePointer<Float>,
    _ output: UnsafeMutablePointer<Float>, count: Int
  ) {
    var j = 0
    while j + 8 <= count {
      let x = UnsafeRawPointer(input + j).loadUnaligned(as: SIMD8<Float>.self)
      let slope = UnsafeRawPointer(alpha + j).loadUnaligned(as: SIMD8<Float>.self)
      let y = x.replacing(with: x * slope, where: x .< 0)
      UnsafeMutableRawPointer(output + j).storeBytes(of: y, as: SIMD8<Float>.self)
      j += 8
    }
    while j < count {
      let x = input[j]
      output[j] = x >= 0 ? x : x * alpha[j]
      j += 1
    }
  }

  /// Calls `body(o, i, a)` for every output element `o` with the input element `i` and alpha
  /// element `a` it reads, split over `pool`'s threads: along runs of alpha's `period` (then
  /// `i == o`) when there is one, else through the general `broadcast`.
  @inline(__always)
  static func forEachElement(
    _ broadcast: Broadcast, period: Int?, pool: ThreadPool,
    _ body: (_ o: Int, _ i: Int, _ a: Int) -> Void
  ) {
    guard let period else {
      pool.parallelFor(broadcast.count, minimumChunk: 16_384) { range in
        broadcast.forEach(in: range, body)
      }
      return
    }
    pool.parallelFor(broadcast.count, minimumChunk: 16_384) { range in
      var o = range.lowerBound
      var a = o % period
      while o < range.upperBound {
        let run = min(period - a, range.upperBound - o)
        for step in 0..<run { body(o + step, o + step, a + step) }
        o += run
        a = 0
      }
    }
  }
}
