import TFLiteModel

/// ADD_N: the elementwise sum of two or more float32 or int32 tensors of one shape (no
/// broadcasting, as in TFLite). Each output element is `0 + x₀ + x₁ + …` in input order — the
/// order of TFLite's single-threaded sum — so float results do not depend on the thread count;
/// int32 sums wrap.
struct AddNKernel: Kernel {
  static let sourceFile = #filePath

  private let type: TensorType
  private let inputCount, count: Int

  /// The kernel for the node: two or more inputs of one type (float32 or int32) and shape.
  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    guard node.inputs.count >= 2 else {
      throw node.invalid("expected 2 or more inputs, found \(node.inputs.count)")
    }
    try node.expect(inputs: node.inputs.count, outputs: 1)
    let first = try node.inputMatchingOutput()
    guard first.type == .float32 || first.type == .int32 else {
      throw node.unsupported("\(first.type) is not supported (float32 and int32 are)")
    }
    for position in 1..<node.inputs.count {
      let input = try node.input(position)
      guard input.type == first.type else {
        throw node.unsupported("input \(position) has type \(input.type), not \(first.type)")
      }
      guard input.shape == first.shape else {
        throw node.invalid("input \(position) has shape \(input.shape), not \(first.shape)")
      }
    }
    try node.setOutputShape(0, first.shape)
    return AddNKernel(type: first.type, inputCount: node.inputs.count, count: first.elementCount)
  }

  func run(_ io: KernelIO) {
    if type == .int32 {
      sum(io, Int32.self, &+)
    } else {
      sum(io, Float.self, +)
    }
  }

  /// `out[i] = 0 + in₀[i] + in₁[i] + …` with `add`.
  private func sum<T: Numeric>(_ io: KernelIO, _: T.Type, _ add: (T, T) -> T) {
    let output = io.output(0, as: T.self)
    let inputs = (0..<inputCount).map { io.input($0, as: T.self) }
    io.pool.parallelFor(count, minimumChunk: 4096) { range in
      for index in range { output[index] = 0 }
      for input in inputs {
        for index in range { output[index] = add(output[index], input[index]) }
      }
    }
  }
}
