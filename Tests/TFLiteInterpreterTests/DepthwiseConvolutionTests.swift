import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// DEPTHWISE_CONV_2D (float32): hand-checked cases, random shapes (multipliers 1, 2, 3,
/// channel counts that leave vector remainders) on every kernel build, and load-time errors.
@Suite("DEPTHWISE_CONV_2D")
struct DepthwiseConvolutionTests {
  typealias Support = ConvolutionTestSupport
  typealias Case = ConvolutionTestSupport.Case
  typealias T = SingleOpModel.Tensor

  static func options(
    same: Bool = true, stride: Int32 = 1, multiplier: Int32 = 1, activation: Int8 = 0
  ) -> (UInt8, TestFlatBuffer) {
    (
      2,
      .table([
        0: .int8(same ? 0 : 1), 1: .int32(stride), 2: .int32(stride), 3: .int32(multiplier),
        4: .int8(activation), 5: .int32(1), 6: .int32(1),
      ])
    )
  }

  @Test("per-channel 3×3 filters, SAME, on a 3×3 two-channel image", arguments: KernelSet.available)
  func handSame(kernels: KernelSet) throws {
    // Channel 0 sums its 3×3 neighbourhood; channel 1 takes the centre times 2.
    var filter = [Float](repeating: 0, count: 18)
    for tap in 0..<9 { filter[tap * 2] = 1 }
    filter[4 * 2 + 1] = 2
    let bytes = SingleOpModel.build(
      builtin: 4, options: Self.options(),
      inputs: [
        .float("x", [1, 3, 3, 2]), .float("w", [1, 3, 3, 2], filter), .float("b", [2], [0, 0.5]),
      ], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [1, 3, 3, 2])
    // Channel 0 holds 1...9, channel 1 holds 10, 20, ... 90.
    try interpreter.setInput(at: 0, floats: (1...9).flatMap { [Float($0), Float($0 * 10)] })
    try interpreter.invoke()
    let output = try interpreter.outputFloats(at: 0)
    let sums: [Float] = [12, 21, 16, 27, 45, 33, 24, 39, 28]
    #expect(stride(from: 0, to: 18, by: 2).map { output[$0] } == sums)
    let centres: [Float] = (1...9).map { Float($0 * 20) + 0.5 }
    #expect(stride(from: 1, to: 18, by: 2).map { output[$0] } == centres)
  }

  @Test("depth multiplier 2: each input channel feeds two outputs", arguments: KernelSet.available)
  func handMultiplier(kernels: KernelSet) throws {
    let bytes = SingleOpModel.build(
      builtin: 4, options: Self.options(same: false, multiplier: 2),
      inputs: [
        .float("x", [1, 1, 2, 2]), .float("w", [1, 1, 2, 4], [1, 2, 3, 4, 5, 6, 7, 8]),
      ], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [1, 1, 1, 4])
    try interpreter.setInput(at: 0, floats: [1, 10, 100, 1000])
    try interpreter.invoke()
    // Output channel c reads input channel c / 2: pixel 0 (1, 10) and pixel 1 (100, 1000).
    let expected: [Float] = [501, 602, 7030, 8040]
    #expect(try interpreter.outputFloats(at: 0) == expected)
  }

  static let randomCases: [Case] = {
    var cases: [Case] = []
    for (index, activation) in Support.activations.enumerated() {
      cases.append(
        Case(
          height: 7, width: 9, inputChannels: [1, 8, 16, 37][index], activation: activation,
          bias: index != 1, multiplier: 1))
    }
    cases += [
      // MobileNet-like layers, scaled down: stride 1 and stride 2 with SAME padding.
      Case(
        height: 12, width: 12, inputChannels: 32, strideHeight: 1, strideWidth: 1, activation: 3,
        multiplier: 1),
      Case(
        height: 12, width: 13, inputChannels: 24, strideHeight: 2, strideWidth: 2, activation: 3,
        multiplier: 1),
      Case(
        batch: 2, height: 6, width: 5, inputChannels: 5, strideHeight: 2, strideWidth: 1,
        same: false, multiplier: 1),
      Case(
        height: 9, width: 9, inputChannels: 12, filterHeight: 3, filterWidth: 3, dilationHeight: 2,
        dilationWidth: 2, multiplier: 1),
      Case(
        height: 10, width: 8, inputChannels: 9, filterHeight: 5, filterWidth: 3, dilationHeight: 2,
        dilationWidth: 3, same: false, bias: false, multiplier: 1),
      Case(height: 5, width: 6, inputChannels: 3, activation: 1, multiplier: 2),
      Case(
        batch: 2, height: 7, width: 5, inputChannels: 5, strideHeight: 2, strideWidth: 2,
        multiplier: 3),
      Case(
        height: 8, width: 8, inputChannels: 8, dilationHeight: 2, dilationWidth: 2, same: false,
        activation: 2, multiplier: 2),
      Case(height: 3, width: 3, inputChannels: 20, filterHeight: 5, filterWidth: 5, multiplier: 1),
      Case(height: 1, width: 1, inputChannels: 1, filterHeight: 1, filterWidth: 1, multiplier: 1),
      Case(height: 6, width: 6, inputChannels: 17, multiplier: 1, filterAtRunTime: true),
    ]
    return cases
  }()

  @Test(
    "random shapes match an independent implementation on every kernel build",
    arguments: Array(randomCases.indices))
  func randomShapes(index: Int) throws {
    try Support.check(Self.randomCases[index], seed: UInt64(200 + index))
  }

  @Test("a zero depth_multiplier option is derived from the shapes")
  func zeroMultiplierOption() throws {
    let c = Case(height: 4, width: 4, inputChannels: 3, multiplier: 2)
    let (input, filter, bias) = Support.data(c, seed: 7)
    let bytes = Support.model(c, filter: filter, bias: bias, depthMultiplierOption: 0)
    let want = Support.expected(c, input: input, filter: filter, bias: bias)
    let got = try Support.run(bytes, inputs: [input], kernels: KernelSet.detected)
    Support.expectClose(got.values, want.values, scale: want.scale, "\(c)")
  }

  @Test("an empty batch runs without work", arguments: KernelSet.available)
  func emptyBatch(kernels: KernelSet) throws {
    let bytes = SingleOpModel.build(
      builtin: 4, options: Self.options(stride: 2, multiplier: 2),
      inputs: [
        .float("x", [0, 7, 7, 3]), .float("w", [1, 3, 3, 6], [Float](repeating: 1, count: 54)),
      ],
      outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [0, 4, 4, 6])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0).isEmpty)
  }

  @Test("bad shapes and options fail at load")
  func loadErrors() throws {
    func load(
      _ inputs: [T?], options: (UInt8, TestFlatBuffer) = DepthwiseConvolutionTests.options()
    )
      throws -> InterpreterError?
    {
      let bytes = SingleOpModel.build(
        builtin: 4, options: options, inputs: inputs, outputs: [.float("y", [])])
      do {
        _ = try ModelInterpreter(model: ModelFile(bytes: bytes))
        return nil
      } catch let error as InterpreterError {
        return error
      }
    }
    let x = T.float("x", [1, 4, 4, 2])
    let w = T.float("w", [1, 3, 3, 2], [Float](repeating: 0.1, count: 18))
    #expect(try load([x, w]) == nil)
    // depth_multiplier contradicting the shapes.
    #expect(
      try load([x, w], options: Self.options(multiplier: 3))?.description.contains(
        "depth_multiplier") == true)
    // Filter channels not a multiple of the input's.
    #expect(try load([T.float("x", [1, 4, 4, 3]), w])?.description.contains("multiple") == true)
    // Filter whose first dimension is not 1.
    #expect(try load([x, .float("w", [2, 3, 3, 1], [Float](repeating: 0, count: 18))]) != nil)
    // Bias of the wrong length.
    #expect(try load([x, w, .float("b", [3], [0, 0, 0])])?.description.contains("bias") == true)
    // Stride 0.
    #expect(try load([x, w], options: Self.options(stride: 0)) != nil)
    // Quantized input.
    guard case .unsupportedNode? = try load([T("x", type: 9, shape: [1, 4, 4, 2]), w]) else {
      Issue.record("int8 input should be unsupported")
      return
    }
  }
}
