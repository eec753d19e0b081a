import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// MEAN, SUM, REDUCE_MAX and REDUCE_MIN of float32 tensors over constant axes.
@Suite("Reduction kernels")
struct ReductionTests {
  typealias T = SingleOpModel.Tensor
  static let mean: Int32 = 40
  static let sum: Int32 = 74
  static let reduceMax: Int32 = 82
  static let reduceMin: Int32 = 89

  static func model(
    _ builtin: Int32, shape: [Int], axes: [Int32], keepDims: Bool?, axisType: Int8 = 2
  ) -> [UInt8] {
    let axisData =
      axisType == 4 ? SingleOpModel.bytes(axes.map(Int64.init)) : SingleOpModel.bytes(axes)
    return SingleOpModel.build(
      builtin: builtin, options: keepDims.map { (27, .table([0: .bool($0)])) },
      inputs: [.float("x", shape), T("axes", type: axisType, shape: [axes.count], data: axisData)],
      outputs: [.float("y", [])])
  }

  static func run(
    _ builtin: Int32, _ input: [Float], shape: [Int], axes: [Int32], keepDims: Bool? = nil,
    axisType: Int8 = 2, threads: Int = 1
  ) throws -> (shape: [Int], values: [Float]) {
    let bytes = model(builtin, shape: shape, axes: axes, keepDims: keepDims, axisType: axisType)
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, floats: input)
    try interpreter.invoke()
    return (try interpreter.output(at: 0).shape, try interpreter.outputFloats(at: 0))
  }

  /// TFLite's reference algorithm: walk the input in row-major order and fold each element into
  /// the output it reduces to; MEAN divides by the number of reduced elements.
  static func reference(
    _ builtin: Int32, _ input: [Float], shape: [Int], axes: [Int32], keepDims: Bool
  ) -> ([Int], [Float]) {
    let rank = shape.count
    let reduced = Set(axes.map { Int($0) < 0 ? Int($0) + rank : Int($0) })
    var outputShape: [Int] = []
    var keptSizes: [Int] = []
    for (axis, size) in shape.enumerated() {
      if reduced.contains(axis) {
        if keepDims { outputShape.append(1) }
      } else {
        outputShape.append(size)
        keptSizes.append(size)
      }
    }
    let count = keptSizes.reduce(1, *)
    let initial: Float =
      builtin == reduceMax
      ? -.greatestFiniteMagnitude : (builtin == reduceMin ? .greatestFiniteMagnitude : 0)
    var output = [Float](repeating: initial, count: count)
    for flat in input.indices {
      var remainder = flat
      var coordinates = [Int](repeating: 0, count: rank)
      for axis in (0..<rank).reversed() {
        coordinates[axis] = remainder % shape[axis]
        remainder /= shape[axis]
      }
      var index = 0
      for axis in 0..<rank where !reduced.contains(axis) {
        index = index * shape[axis] + coordinates[axis]
      }
      let value = input[flat]
      switch builtin {
      case reduceMax: if value > output[index] { output[index] = value }
      case reduceMin: if value < output[index] { output[index] = value }
      default: output[index] += value
      }
    }
    if builtin == mean {
      let divisor = Float(reduced.reduce(1) { $0 * shape[$1] })
      output = output.map { input.isEmpty ? .nan : $0 / divisor }
    }
    return (outputShape, output)
  }

  @Test("MEAN over one axis, negative axes, duplicates and keep_dims")
  func meanHandChecked() throws {
    let x: [Float] = [1, 2, 3, 4, 5, 6]
    #expect(try Self.run(Self.mean, x, shape: [2, 3], axes: [1]) == ([2], [2, 5]))
    #expect(
      try Self.run(Self.mean, x, shape: [2, 3], axes: [0], keepDims: true) == (
        [1, 3], [2.5, 3.5, 4.5]
      ))
    #expect(
      try Self.run(Self.mean, x, shape: [2, 3], axes: [-1], keepDims: true) == ([2, 1], [2, 5]))
    #expect(try Self.run(Self.mean, x, shape: [2, 3], axes: [1, -1, 1]) == ([2], [2, 5]))
    #expect(try Self.run(Self.mean, x, shape: [2, 3], axes: [0, 1]) == ([], [3.5]))
    #expect(
      try Self.run(Self.mean, x, shape: [2, 3], axes: [1, 0], keepDims: true) == ([1, 1], [3.5]))
    #expect(try Self.run(Self.mean, x, shape: [2, 3], axes: [1], axisType: 4) == ([2], [2, 5]))
    // No axes: every element is its own mean.
    #expect(try Self.run(Self.mean, x, shape: [2, 3], axes: []) == ([2, 3], x))
    // A scalar input ignores the axes, as TFLite does.
    #expect(try Self.run(Self.mean, [7], shape: [], axes: [0]) == ([], [7]))
  }

  @Test("global average pooling over H and W of NHWC")
  func globalAverage() throws {
    var generator = SplitMix64(seed: 77)
    let shape = [2, 7, 7, 37]
    let x = (0..<shape.reduce(1, *)).map { _ in Float.random(in: -1...1, using: &generator) }
    let (outputShape, y) = try Self.run(Self.mean, x, shape: shape, axes: [1, 2], keepDims: true)
    let expected = Self.reference(Self.mean, x, shape: shape, axes: [1, 2], keepDims: true)
    #expect(outputShape == [2, 1, 1, 37])
    #expect(y == expected.1)
  }

  @Test("SUM, REDUCE_MAX and REDUCE_MIN")
  func otherReductions() throws {
    let x: [Float] = [1, -2, 3, 4, .nan, -6]
    let sum = try Self.run(Self.sum, x, shape: [3, 2], axes: [0])
    #expect(sum.values[0].isNaN && sum.values[1] == -4)
    #expect(
      try Self.run(Self.sum, [1, 2, 3, 4, 5, 6], shape: [3, 2], axes: [1]).values == [3, 7, 11])
    #expect(try Self.run(Self.reduceMax, x, shape: [3, 2], axes: [0]) == ([2], [3, 4]))
    #expect(try Self.run(Self.reduceMin, x, shape: [3, 2], axes: [0]) == ([2], [1, -6]))
    #expect(try Self.run(Self.reduceMax, x, shape: [3, 2], axes: [1]) == ([3], [1, 4, -6]))
  }

  @Test("empty inputs: MEAN gives NaN, SUM 0, MAX/MIN their starting values")
  func emptyInputs() throws {
    let mean = try Self.run(Self.mean, [], shape: [0, 3], axes: [0])
    #expect(mean.shape == [3] && mean.values.allSatisfy(\.isNaN))
    #expect(try Self.run(Self.sum, [], shape: [0, 3], axes: [0]) == ([3], [0, 0, 0]))
    #expect(
      try Self.run(Self.reduceMax, [], shape: [2, 0], axes: [1]).values == [
        -.greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      ])
    #expect(try Self.run(Self.mean, [], shape: [3, 0], axes: [0]) == ([0], []))
  }

  @Test("random shapes and axis sets match the reference walk exactly")
  func randomCases() throws {
    var generator = SplitMix64(seed: 99)
    for index in 0..<80 {
      let rank = Int.random(in: 1...5, using: &generator)
      let shape = (0..<rank).map { _ in [1, 2, 3, 5, 8, 19].randomElement(using: &generator) ?? 1 }
      let axisCount = Int.random(in: 0...rank + 1, using: &generator)
      let axes = (0..<axisCount).map { _ in Int32(Int.random(in: -rank..<rank, using: &generator)) }
      let keepDims = Bool.random(using: &generator)
      let x = (0..<shape.reduce(1, *)).map { _ in Float.random(in: -100...100, using: &generator) }
      for builtin in [Self.mean, Self.sum, Self.reduceMax, Self.reduceMin] {
        let (expectedShape, expected) = Self.reference(
          builtin, x, shape: shape, axes: axes, keepDims: keepDims)
        let result = try Self.run(
          builtin, x, shape: shape, axes: axes, keepDims: keepDims, threads: 1 + index % 3)
        #expect(result.shape == expectedShape, "shape \(shape) axes \(axes) keep \(keepDims)")
        #expect(result.values == expected, "op \(builtin) shape \(shape) axes \(axes)")
      }
    }
  }

  @Test("results do not depend on the thread count")
  func threads() throws {
    var generator = SplitMix64(seed: 5)
    let shape = [3, 50, 40, 300]
    let x = (0..<shape.reduce(1, *)).map { _ in Float.random(in: -1...1, using: &generator) }
    for axes: [Int32] in [[1, 2], [3], [0, 2], [0, 1, 2, 3]] {
      let one = try Self.run(Self.mean, x, shape: shape, axes: axes, threads: 1)
      let four = try Self.run(Self.mean, x, shape: shape, axes: axes, threads: 4)
      #expect(one == four)
    }
  }

  @Test("bad axes and types fail at load")
  func loadErrors() throws {
    func error(_ bytes: [UInt8]) throws -> InterpreterError {
      try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    let outOfRange = Self.model(Self.mean, shape: [2, 3], axes: [2], keepDims: false)
    #expect(try error(outOfRange).description.contains("out of range"))
    let negative = Self.model(Self.sum, shape: [2, 3], axes: [-3], keepDims: true)
    #expect(try error(negative).description.contains("out of range"))
    let fedAxes = SingleOpModel.build(
      builtin: Self.mean, inputs: [.float("x", [2, 3]), .int32("axes", [1])],
      outputs: [.float("y", [])])
    #expect(try error(fedAxes).description.contains("constant"))
    let floatAxes = SingleOpModel.build(
      builtin: Self.mean, inputs: [.float("x", [2, 3]), .float("axes", [1], [1])],
      outputs: [.float("y", [])])
    #expect(try error(floatAxes).description.contains("int32 or int64"))
    let integers = SingleOpModel.build(
      builtin: Self.mean, inputs: [.int32("x", [2, 3]), .int32("axes", [1], [1])],
      outputs: [.int32("y", [])])
    guard case .unsupportedNode = try error(integers) else {
      Issue.record("int32 MEAN should be unsupported")
      return
    }
    let oneInput = SingleOpModel.build(
      builtin: Self.mean, inputs: [.float("x", [2, 3])], outputs: [.float("y", [])])
    #expect(try error(oneInput).description.contains("expected 2 inputs"))
  }

}
