import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Float binary operators broadcast along runs of the innermost dimension (both operands
/// advancing, or one held; neighbouring dimensions merged where both operands step through
/// them as one): every output against the elementwise definition, on 1 and 3 threads.
@Suite("Broadcast runs along the innermost dimension")
struct BroadcastRunTests {
  typealias T = SingleOpModel.Tensor

  /// The row-major index into a tensor of `shape` (broadcast to `output`) of output element
  /// `index`.
  static func source(_ index: Int, output: [Int], shape: [Int]) -> Int {
    var (remainder, offset, stride) = (index, 0, 1)
    var strides = [Int](repeating: 0, count: shape.count)
    for d in (0..<shape.count).reversed() {
      strides[d] = shape[d] == 1 ? 0 : stride
      stride *= shape[d]
    }
    for d in (0..<output.count).reversed() {
      offset += (remainder % output[d]) * strides[d]
      remainder /= output[d]
    }
    return offset
  }

  @Test(
    "MUL and SUB with one operand broadcast match the elementwise definition",
    arguments: [
      ([2, 3, 4, 9], [1, 1, 1, 9]), ([2, 3, 4, 9], [2, 3, 4, 1]), ([2, 3, 4, 1], [2, 3, 4, 9]),
      ([1, 5, 1, 16], [1, 1, 7, 16]),
      // Dimensions merged into longer runs: a scalar operand, one value per batch, a row
      // broadcast over the two outer dimensions, dimensions of 1 on both sides.
      ([1, 6, 7, 3], [1, 1, 1, 1]), ([2, 6, 7, 3], [2, 1, 1, 1]), ([4, 3, 5, 6], [1, 1, 5, 6]),
      ([1, 6, 1, 3], [1, 6, 1, 3]), ([3, 1, 1, 5], [1, 1, 1, 1]),
    ])
  func matchesDefinition(shapeA: [Int], shapeB: [Int]) throws {
    let output = zip(shapeA, shapeB).map { max($0, $1) }
    let count = output.reduce(1, *)
    let a = (0..<shapeA.reduce(1, *)).map { Float($0 % 13) * 0.5 - 3 }
    let b = (0..<shapeB.reduce(1, *)).map { Float($0 % 7) * 0.25 - 0.5 }
    for (builtin, options, operation) in [
      (Int32(18), (UInt8(21), TestFlatBuffer.table([:])), { (x: Float, y: Float) in x * y }),
      (Int32(41), (UInt8(28), TestFlatBuffer.table([:])), { (x: Float, y: Float) in x - y }),
    ] {
      let model = SingleOpModel.build(
        builtin: builtin, options: options,
        inputs: [T.float("a", shapeA), T.float("b", shapeB)], outputs: [T.float("y", output)])
      let expected = (0..<count).map { index in
        operation(
          a[Self.source(index, output: output, shape: shapeA)],
          b[Self.source(index, output: output, shape: shapeB)])
      }
      for threads in [1, 3] {
        let interpreter = try ModelInterpreter(
          model: ModelFile(bytes: model), options: InterpreterOptions(threadCount: threads))
        try interpreter.setInput(at: 0, floats: a)
        try interpreter.setInput(at: 1, floats: b)
        try interpreter.invoke()
        #expect(try interpreter.outputFloats(at: 0) == expected, "\(builtin), \(threads) threads")
      }
    }
  }
}
