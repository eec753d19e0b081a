import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// SOFTMAX on float32 over the last dimension, with beta.
@Suite("Softmax kernel")
struct SoftmaxTests {
  typealias T = SingleOpModel.Tensor
  static let softmax: Int32 = 25

  static func run(_ values: [Float], shape: [Int], beta: Float?, threads: Int = 1) throws
    -> [Float]
  {
    let options: (UInt8, TestFlatBuffer)? = beta.map { (9, .table([0: .float($0)])) }
    let bytes = SingleOpModel.build(
      builtin: softmax, options: options, inputs: [.float("x", shape)],
      outputs: [.float("y", shape)])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, floats: values)
    try interpreter.invoke()
    return try interpreter.outputFloats(at: 0)
  }

  /// Softmax in double precision, row by row over the last dimension.
  static func reference(_ values: [Float], depth: Int, beta: Double) -> [Double] {
    guard depth > 0 else { return [] }
    var result: [Double] = []
    for row in stride(from: 0, to: values.count, by: depth) {
      let slice = values[row..<row + depth].map(Double.init)
      let maximum = slice.max() ?? 0
      let exps = slice.map { Foundation.exp(($0 - maximum) * beta) }
      let sum = exps.reduce(0, +)
      result += exps.map { $0 / sum }
    }
    return result
  }

  static func close(_ a: [Float], _ b: [Double], tolerance: Double = 1e-5) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { abs(Double($0) - $1) <= tolerance * max(abs($1), 1e-30) }
  }

  @Test("a small hand-checked row")
  func handChecked() throws {
    let y = try Self.run([1, 2, 3], shape: [3], beta: 1)
    #expect(
      Self.close(y, [0.090_030_573_170_380_46, 0.244_728_471_054_797_64, 0.665_240_955_774_821_8]))
    // beta scales the logits: beta 2 on [1, 2, 3] is beta 1 on [2, 4, 6].
    let scaled = try Self.run([1, 2, 3], shape: [1, 3], beta: 2)
    #expect(Self.close(scaled, Self.reference([2, 4, 6], depth: 3, beta: 1)))
  }

  @Test("random shapes of rank 1 to 4 and several betas match a double-precision softmax")
  func randomShapes() throws {
    var generator = SplitMix64(seed: 42)
    for (index, shape) in [[1], [13], [4, 9], [3, 5, 17], [2, 3, 4, 33], [2, 2, 1], [5, 1000]]
      .enumerated()
    {
      let count = shape.reduce(1, *)
      let values = (0..<count).map { _ in Float.random(in: -30...30, using: &generator) }
      for beta: Float in [1, 0.25, 3.5] {
        let y = try Self.run(values, shape: shape, beta: beta, threads: 1 + index % 3)
        #expect(
          Self.close(y, Self.reference(values, depth: shape.last ?? 1, beta: Double(beta))),
          "shape \(shape) beta \(beta)")
        // Rows sum to 1.
        let depth = shape.last ?? 1
        for row in stride(from: 0, to: count, by: depth) {
          let sum = y[row..<row + depth].reduce(0, +)
          #expect(abs(sum - 1) < 1e-5)
        }
      }
    }
  }

  @Test("subtracting the max keeps large logits finite; -inf gets 0")
  func stability() throws {
    let y = try Self.run([1000, 1001, -.infinity, 999], shape: [4], beta: 1)
    #expect(Self.close(y, Self.reference([1000, 1001, -.infinity, 999], depth: 4, beta: 1)))
    #expect(y[2] == 0)
    let large = try Self.run([3e38, -3e38], shape: [2], beta: 1)
    #expect(large == [1, 0])
  }

  @Test("absent options mean beta 0: every row is uniform")
  func defaultBeta() throws {
    let y = try Self.run([1, 50, -7, 3, 0, 0, 0, 9], shape: [2, 4], beta: nil)
    #expect(y == [Float](repeating: 0.25, count: 8))
  }

  @Test("results do not depend on the thread count")
  func threads() throws {
    var generator = SplitMix64(seed: 9)
    let values = (0..<(301 * 129)).map { _ in Float.random(in: -10...10, using: &generator) }
    let one = try Self.run(values, shape: [301, 129], beta: 0.7, threads: 1)
    let four = try Self.run(values, shape: [301, 129], beta: 0.7, threads: 4)
    #expect(one == four)
  }

  @Test("bad inputs and options fail at load")
  func loadErrors() throws {
    func error(_ bytes: [UInt8]) throws -> InterpreterError {
      try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    let scalar = SingleOpModel.build(
      builtin: Self.softmax, options: (9, .table([0: .float(1)])), inputs: [.float("x", [])],
      outputs: [.float("y", [])])
    #expect(try error(scalar).description.contains("rank 1 or more"))
    // uint8/int8 run as quantized kernels (QuantizedSoftmaxTests); int16 needs an output
    // zero point of 0 (and scale 1/32768).
    let quantized = SingleOpModel.build(
      builtin: Self.softmax, options: (9, .table([0: .float(1)])),
      inputs: [T("x", type: 7, shape: [4], quantization: ([0.1], [0], 0))],
      outputs: [T("y", type: 7, shape: [4], quantization: ([1.0 / 32768], [5], 0))])
    let quantizedError = try error(quantized)
    guard case .unsupportedNode = quantizedError else {
      Issue.record("expected unsupportedNode, got \(quantizedError)")
      return
    }
    let infinite = SingleOpModel.build(
      builtin: Self.softmax, options: (9, .table([0: .float(.infinity)])),
      inputs: [.float("x", [4])], outputs: [.float("y", [4])])
    #expect(try error(infinite).description.contains("beta"))
  }
}
