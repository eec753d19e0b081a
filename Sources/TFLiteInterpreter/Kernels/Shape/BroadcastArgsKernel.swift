import TFLiteModel

/// BROADCAST_ARGS: the shape two int32 (or two int64) shape vectors broadcast to, aligned from
/// the right, as TFLite's reference kernel computes it: a dimension of 1 takes the other's,
/// otherwise the first's is kept. Incompatible dimensions (TFLite aborts) give the first
/// shape's value. The output has as many elements as the longer input; its values are
/// computed at run time (and at load when both shapes are known, by constant folding).
struct BroadcastArgsKernel: Kernel {
  static let sourceFile = #filePath

  private let wide: Bool
  private let firstCount, secondCount, outputCount: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (first, second) = (try node.input(0), try node.input(1))
    guard first.type == .int32 || first.type == .int64,
      second.type == first.type, node.outputs[0].type == first.type
    else {
      throw node.unsupported("both shapes and the output must be int32, or all int64")
    }
    guard first.shape.count == 1, second.shape.count == 1 else {
      throw node.invalid("the shapes must be vectors, not \(first.shape) and \(second.shape)")
    }
    let outputCount = max(first.shape[0], second.shape[0])
    try node.setOutputShape(0, [outputCount])
    return BroadcastArgsKernel(
      wide: first.type == .int64, firstCount: first.shape[0], secondCount: second.shape[0],
      outputCount: outputCount)
  }

  func run(_ io: KernelIO) {
    if wide { run(io, Int64.self) } else { run(io, Int32.self) }
  }

  private func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let first = io.input(0, as: T.self)
    let second = io.input(1, as: T.self)
    let output = io.output(0, as: T.self)
    for back in 0..<outputCount {
      // TFLite reads both values into an `int`.
      let a = back < firstCount ? Int32(truncatingIfNeeded: first[firstCount - 1 - back]) : 1
      let b = back < secondCount ? Int32(truncatingIfNeeded: second[secondCount - 1 - back]) : 1
      output[outputCount - 1 - back] = T(a == 1 ? b : a)
    }
  }
}
