import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// LOGISTIC, TANH, RELU, RELU6, RELU_N1_TO_1, HARD_SWISH, LEAKY_RELU and PRELU on float32,
/// and EXP's accuracy (it runs on the same vector exponential).
@Suite("Activation kernels")
struct ActivationTests {
  typealias T = SingleOpModel.Tensor

  // Builtin operator codes.
  static let logistic: Int32 = 14
  static let relu: Int32 = 19
  static let reluN1To1: Int32 = 20
  static let relu6: Int32 = 21
  static let tanh: Int32 = 28
  static let exp: Int32 = 47
  static let prelu: Int32 = 54
  static let leakyRelu: Int32 = 98
  static let hardSwish: Int32 = 117

  /// Runs a one-input float op on `values` of `shape` and returns the output.
  static func run(
    _ builtin: Int32, _ values: [Float], shape: [Int]? = nil,
    options: (UInt8, TestFlatBuffer)? = nil, threads: Int = 1, kernels: KernelSet = .detected
  ) throws -> [Float] {
    let shape = shape ?? [values.count]
    let bytes = SingleOpModel.build(
      builtin: builtin, options: options, inputs: [.float("x", shape)],
      outputs: [.float("y", shape)])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes),
      options: InterpreterOptions(threadCount: threads, kernels: kernels))
    try interpreter.setInput(at: 0, floats: values)
    try interpreter.invoke()
    return try interpreter.outputFloats(at: 0)
  }

  /// Compares bit patterns, so NaN equals NaN and -0 differs from +0.
  static func same(_ a: [Float], _ b: [Float]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
  }

  static func random(_ count: Int, seed: UInt64, in range: ClosedRange<Float> = -8...8) -> [Float] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in Float.random(in: range, using: &generator) }
  }

  @Test("RELU, RELU6 and RELU_N1_TO_1 clamp as TFLite does, including NaN and -0")
  func relus() throws {
    let x: [Float] = [-7, -1.5, -1, -0.0, 0, 0.25, 1, 1.5, 6, 6.5, .infinity, -.infinity, .nan]
    #expect(
      Self.same(
        try Self.run(Self.relu, x), [0, 0, 0, -0.0, 0, 0.25, 1, 1.5, 6, 6.5, .infinity, 0, .nan]))
    // std::min(std::max(0, x), 6): NaN becomes 0, -0 becomes +0.
    #expect(Self.same(try Self.run(Self.relu6, x), [0, 0, 0, 0, 0, 0.25, 1, 1.5, 6, 6, 6, 0, 0]))
    #expect(
      Self.same(
        try Self.run(Self.reluN1To1, x), [-1, -1, -1, -0.0, 0, 0.25, 1, 1, 1, 1, 1, -1, .nan]))
  }

  @Test("HARD_SWISH is x·relu6(x+3)/6")
  func hardSwish() throws {
    let x: [Float] = [-5, -3, -1, 0, 1, 2.5, 3, 5, .nan]
    // x · 0 is -0 for negative x, as in the reference kernel.
    let expected: [Float] = [-0.0, -0.0, -1 * 2 / 6, 0, 1 * 4 / 6, 2.5 * 5.5 / 6, 3, 5, .nan]
    #expect(Self.same(try Self.run(Self.hardSwish, x), expected))
    // Random odd-sized tensor against the formula.
    let values = Self.random(1037, seed: 7)
    let reference = values.map { $0 * min(6, max(0, $0 + 3)) / 6 }
    #expect(try Self.run(Self.hardSwish, values, shape: [17, 61]) == reference)
  }

  @Test("LEAKY_RELU takes alpha from its options (0 when absent)")
  func leakyRelu() throws {
    let x: [Float] = [-10, -1, -0.0, 0, 2, .nan]
    let options: (UInt8, TestFlatBuffer) = (75, .table([0: .float(0.2)]))
    #expect(
      Self.same(try Self.run(Self.leakyRelu, x, options: options), [-2, -0.2, -0.0, 0, 2, .nan]))
    #expect(Self.same(try Self.run(Self.leakyRelu, x), [-0.0, -0.0, -0.0, 0, 2, .nan]))
    let negative: (UInt8, TestFlatBuffer) = (75, .table([0: .float(-3)]))
    #expect(try Self.run(Self.leakyRelu, [-2, 4], options: negative) == [6, 4])
  }

  /// TFLite's reference logistic, in double precision.
  static func logisticReference(_ x: Float) -> Double {
    if x > 16.619047164916992188 { return 1 }
    if x < -9 { return Foundation.exp(Double(x)) }
    return 1 / (1 + Foundation.exp(-Double(x)))
  }

  /// Dense inputs: a fine grid over [-40, 40], every power-of-two scale, and special values.
  static var denseInputs: [Float] {
    var values: [Float] = stride(from: -40, through: 40, by: 1.0 / 4096).map { Float($0) }
    for exponent in -149...127 {
      let magnitude = Float(sign: .plus, exponent: exponent, significand: 1)
      values += [magnitude, -magnitude, magnitude * 1.37, -magnitude * 1.37]
    }
    values += [0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
    values += [
      16.619047, 16.61905, -9, -9.000001, -8.999999, 0.625, -0.625, 0.6249999, 88.7, -103.9,
    ]
    return values
  }

  @Test(
    "LOGISTIC is within 1e-6 absolute of the exact function everywhere, on every kernel build",
    arguments: KernelSet.available)
  func logisticAccuracy(_ kernels: KernelSet) throws {
    let x = Self.denseInputs
    let y = try Self.run(Self.logistic, x, threads: 2, kernels: kernels)
    var worst = 0.0
    var worstRelative = 0.0
    for (input, output) in zip(x, y) {
      let exact = Self.logisticReference(input)
      worst = max(worst, abs(Double(output) - exact))
      if exact > 1e-30 { worstRelative = max(worstRelative, abs(Double(output) - exact) / exact) }
    }
    #expect(worst <= 1e-6, "max absolute error \(worst)")
    #expect(worstRelative <= 1e-6, "max relative error \(worstRelative)")
    let special = try Self.run(
      Self.logistic, [.nan, 0, 100, -200, .infinity, -.infinity], kernels: kernels)
    #expect(special[0].isNaN)
    #expect(Array(special[1...]) == [0.5, 1, 0, 1, 0])
  }

  @Test(
    "EXP is within 1e-6 relative of the exact function up to overflow, on every kernel build",
    arguments: KernelSet.available)
  func expAccuracy(_ kernels: KernelSet) throws {
    let x = Self.denseInputs.filter { $0 <= 88.7 }
    let y = try Self.run(Self.exp, x, threads: 2, kernels: kernels)
    var worstRelative = 0.0
    for (input, output) in zip(x, y) {
      let exact = Foundation.exp(Double(input))
      // Below 2^-126 results are subnormal: compare absolutely against the smallest normal.
      worstRelative = max(
        worstRelative, abs(Double(output) - exact) / max(exact, Double(Float.leastNormalMagnitude)))
    }
    #expect(worstRelative <= 1e-6, "max relative error \(worstRelative)")
    #expect(
      Self.same(
        try Self.run(Self.exp, [0, -0.0, .infinity, -.infinity, .nan, 89], kernels: kernels),
        [1, 1, .infinity, 0, .nan, .infinity]))
  }

  @Test(
    "TANH is within 1e-6 absolute (and relative) of the exact function everywhere, on every kernel build",
    arguments: KernelSet.available)
  func tanhAccuracy(_ kernels: KernelSet) throws {
    let x = Self.denseInputs
    let y = try Self.run(Self.tanh, x, threads: 2, kernels: kernels)
    var worst = 0.0
    var worstRelative = 0.0
    for (input, output) in zip(x, y) {
      let exact = Foundation.tanh(Double(input))
      worst = max(worst, abs(Double(output) - exact))
      if abs(exact) > 1e-30 {
        worstRelative = max(worstRelative, abs(Double(output) - exact) / abs(exact))
      }
    }
    #expect(worst <= 1e-6, "max absolute error \(worst)")
    #expect(worstRelative <= 1e-6, "max relative error \(worstRelative)")
    #expect(
      Self.same(
        try Self.run(Self.tanh, [0, -0.0, .infinity, -.infinity, .nan], kernels: kernels),
        [0, -0.0, 1, -1, .nan]))
  }

  @Test("results do not depend on the thread count or the position in the tensor")
  func threadsAndTails() throws {
    let values = Self.random(100_009, seed: 11, in: -20...20)
    for op in [Self.logistic, Self.tanh, Self.relu6, Self.hardSwish] {
      let one = try Self.run(op, values, shape: [7, 14_287, 1], threads: 1)
      let three = try Self.run(op, values, shape: [100_009], threads: 3)
      #expect(one == three)
      // The first five values alone (a partial vector) give the same results.
      let head = try Self.run(op, Array(values.prefix(5)))
      #expect(head == Array(one.prefix(5)))
    }
  }

  @Test("empty and scalar tensors")
  func shapes() throws {
    #expect(try Self.run(Self.relu, [], shape: [0, 3]) == [])
    #expect(try Self.run(Self.relu, [-2], shape: []) == [0])
  }

  @Test("int16 and mismatched types are rejected at load")
  func loadErrors() throws {
    // uint8/int8 run as quantized kernels (QuantizedActivationTests); int16 only for LOGISTIC
    // and RELU (the int16x8 generated models).
    for op in [Self.tanh, Self.relu6, Self.hardSwish, Self.leakyRelu] {
      let bytes = SingleOpModel.build(
        builtin: op, inputs: [T("x", type: 7, shape: [4], quantization: ([0.1], [0], 0))],
        outputs: [T("y", type: 7, shape: [4], quantization: ([0.1], [0], 0))])
      let error = try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
      guard case .unsupportedNode = error else {
        Issue.record("expected unsupportedNode, got \(error)")
        continue
      }
      #expect(error.description.contains("int16"), "\(error)")
    }
    let mismatch = SingleOpModel.build(
      builtin: Self.relu, inputs: [.float("x", [4])], outputs: [T("y", type: 2, shape: [4])])
    #expect(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: mismatch))
    }
    let twoInputs = SingleOpModel.build(
      builtin: Self.tanh, inputs: [.float("x", [4]), .float("z", [4])], outputs: [.float("y", [4])])
    let error = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: twoInputs))
    }
    #expect(error.description.contains("expected 1 inputs"), "\(error)")
  }

  // MARK: PRELU

  /// PRELU with alpha fed as a constant; returns the output.
  static func prelu(_ x: [Float], shape: [Int], alpha: [Float], alphaShape: [Int], threads: Int = 1)
    throws -> [Float]
  {
    let bytes = SingleOpModel.build(
      builtin: prelu, inputs: [.float("x", shape), .float("alpha", alphaShape, alpha)],
      outputs: [.float("y", shape)])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, floats: x)
    try interpreter.invoke()
    return try interpreter.outputFloats(at: 0)
  }

  /// Straightforward PRELU with NumPy broadcasting of alpha against x's shape.
  static func preluReference(_ x: [Float], shape: [Int], alpha: [Float], alphaShape: [Int])
    -> [Float]
  {
    let padded = [Int](repeating: 1, count: shape.count - alphaShape.count) + alphaShape
    return x.indices.map { flat in
      var remainder = flat
      var alphaIndex = 0
      var alphaStride = 1
      for dimension in (0..<shape.count).reversed() {
        let coordinate = remainder % shape[dimension]
        remainder /= shape[dimension]
        if padded[dimension] != 1 { alphaIndex += coordinate * alphaStride }
        alphaStride *= padded[dimension]
      }
      return x[flat] >= 0 ? x[flat] : x[flat] * alpha[alphaIndex]
    }
  }

  @Test("PRELU broadcasts alpha per channel, per position, or as a scalar")
  func preluBroadcast() throws {
    #expect(
      try Self.prelu(
        [-1, 2, -3, 4, -0.0, -6], shape: [2, 3], alpha: [0.5, 2, 10], alphaShape: [3]
      )
      .map(\.bitPattern) == [-0.5, 2, -30, 4, -0.0, -60].map { Float($0).bitPattern })
    let shape = [2, 3, 5, 7]
    let x = Self.random(shape.reduce(1, *), seed: 3)
    for alphaShape in [
      [7], [1, 1, 7], [5, 7], [3, 1, 7], [1], [2, 1, 5, 1], [2, 3, 5, 7], [3, 5, 1],
    ] {
      let alpha = Self.random(alphaShape.reduce(1, *), seed: 5, in: -2...2)
      let expected = Self.preluReference(x, shape: shape, alpha: alpha, alphaShape: alphaShape)
      #expect(
        try Self.prelu(x, shape: shape, alpha: alpha, alphaShape: alphaShape, threads: 2)
          == expected, "alpha shape \(alphaShape)")
    }
  }

  @Test("PRELU with a fed alpha, and its load errors")
  func preluInputsAndErrors() throws {
    let bytes = SingleOpModel.build(
      builtin: Self.prelu, inputs: [.float("x", [1, 2, 2]), .float("alpha", [2])],
      outputs: [.float("y", [1, 2, 2])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    try interpreter.setInput(at: 0, floats: [-1, -1, 3, -4])
    try interpreter.setInput(at: 1, floats: [0.1, 0.2])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [-0.1, -0.2, 3, -0.8])

    // Alpha that would grow the output beyond the input's shape.
    let growing = SingleOpModel.build(
      builtin: Self.prelu,
      inputs: [.float("x", [2, 1]), .float("alpha", [2, 3], [1, 1, 1, 1, 1, 1])],
      outputs: [.float("y", [2, 1])])
    let error = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: growing))
    }
    #expect(error.description.contains("does not broadcast"), "\(error)")
    let incompatible = SingleOpModel.build(
      builtin: Self.prelu, inputs: [.float("x", [2, 4]), .float("alpha", [3], [1, 1, 1])],
      outputs: [.float("y", [2, 4])])
    #expect(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: incompatible))
    }
    let quantized = SingleOpModel.build(
      builtin: Self.prelu,
      inputs: [T("x", type: 3, shape: [2]), T("alpha", type: 3, shape: [2], data: [1, 2])],
      outputs: [T("y", type: 3, shape: [2])])
    let quantizedError = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: quantized))
    }
    guard case .unsupportedNode = quantizedError else {
      Issue.record("expected unsupportedNode, got \(quantizedError)")
      return
    }
  }

}
