import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// CONV_2D (float32): hand-checked cases, random shapes on every kernel build against an
/// independent implementation, and load-time errors.
@Suite("CONV_2D")
struct ConvolutionTests {
  typealias Support = ConvolutionTestSupport
  typealias Case = ConvolutionTestSupport.Case
  typealias T = SingleOpModel.Tensor

  static func options(
    same: Bool = true, stride: (Int32, Int32) = (1, 1), activation: Int8 = 0,
    dilation: (Int32, Int32) = (1, 1)
  ) -> (UInt8, TestFlatBuffer) {
    (
      1,
      .table([
        0: .int8(same ? 0 : 1), 1: .int32(stride.1), 2: .int32(stride.0), 3: .int8(activation),
        4: .int32(dilation.1), 5: .int32(dilation.0),
      ])
    )
  }

  @Test("VALID 2×2 diagonal filter on a 3×3 image, with bias", arguments: KernelSet.available)
  func handValid(kernels: KernelSet) throws {
    let bytes = SingleOpModel.build(
      builtin: 3, options: Self.options(same: false),
      inputs: [
        .float("x", [1, 3, 3, 1]), .float("w", [1, 2, 2, 1], [1, 0, 0, 1]), .float("b", [1], [0.5]),
      ], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [1, 2, 2, 1])
    try interpreter.setInput(at: 0, floats: [1, 2, 3, 4, 5, 6, 7, 8, 9])
    try interpreter.invoke()
    // Each output is x[i][j] + x[i+1][j+1] + 0.5.
    #expect(try interpreter.outputFloats(at: 0) == [6.5, 8.5, 12.5, 14.5])
  }

  @Test(
    "SAME stride 2 pads only after: 3×3 box filter on a 4×4 image", arguments: KernelSet.available)
  func handSameStride2(kernels: KernelSet) throws {
    let bytes = SingleOpModel.build(
      builtin: 3, options: Self.options(stride: (2, 2)),
      inputs: [
        .float("x", [1, 4, 4, 1]), .float("w", [1, 3, 3, 1], [Float](repeating: 1, count: 9)),
      ], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [1, 2, 2, 1])
    try interpreter.setInput(at: 0, floats: (1...16).map(Float.init))
    try interpreter.invoke()
    // Total padding 1 per axis goes after: windows start at rows/columns 0 and 2.
    // (0,0): rows 0-2 × cols 0-2 = 54; (0,1): rows 0-2 × cols 2-3 = 45;
    // (1,0): rows 2-3 × cols 0-2 = 72; (1,1): rows 2-3 × cols 2-3 = 54.
    #expect(try interpreter.outputFloats(at: 0) == [54, 45, 72, 54])
  }

  @Test("two output channels and RELU6 on a 1×1 convolution", arguments: KernelSet.available)
  func handPointwise(kernels: KernelSet) throws {
    let bytes = SingleOpModel.build(
      builtin: 3, options: Self.options(activation: 3),
      inputs: [
        .float("x", [1, 1, 2, 2]), .float("w", [2, 1, 1, 2], [1, 2, -1, 1]),
        .float("b", [2], [0, 1]),
      ], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    try interpreter.setInput(at: 0, floats: [3, 4, 1, -2])
    try interpreter.invoke()
    // Pixel (3, 4): 3+8 = 11 → 6, -3+4+1 = 2; pixel (1, -2): 1-4 = -3 → 0, -1-2+1 = -2 → 0.
    #expect(try interpreter.outputFloats(at: 0) == [6, 2, 0, 0])
  }

  /// Random cases covering the GEMM's edge tiles, every padding, stride, dilation, activation,
  /// bias presence, batches, the pointwise (no-copy) path and several im2col blocks.
  static let randomCases: [Case] = {
    var cases: [Case] = []
    for (index, activation) in Support.activations.enumerated() {
      cases.append(
        Case(
          height: 7, width: 6, inputChannels: 3, outputChannels: 5 + index * 6,
          activation: activation, bias: index % 2 == 0))
    }
    cases += [
      Case(
        height: 1, width: 1, inputChannels: 1, outputChannels: 1, filterHeight: 1, filterWidth: 1),
      Case(
        height: 9, width: 11, inputChannels: 8, outputChannels: 16, filterHeight: 1, filterWidth: 1),
      Case(
        batch: 3, height: 5, width: 7, inputChannels: 13, outputChannels: 33, filterHeight: 1,
        filterWidth: 1, activation: 1),
      Case(
        height: 8, width: 8, inputChannels: 4, outputChannels: 17, strideHeight: 2, strideWidth: 2),
      Case(
        height: 9, width: 10, inputChannels: 2, outputChannels: 9, strideHeight: 2, strideWidth: 1,
        same: false),
      Case(
        height: 11, width: 9, inputChannels: 3, outputChannels: 8, filterHeight: 3, filterWidth: 2,
        dilationHeight: 2, dilationWidth: 2, activation: 2),
      Case(
        height: 10, width: 10, inputChannels: 5, outputChannels: 7, filterHeight: 3, filterWidth: 3,
        dilationHeight: 2, dilationWidth: 3, same: false, bias: false),
      Case(
        batch: 2, height: 6, width: 5, inputChannels: 6, outputChannels: 31, filterHeight: 5,
        filterWidth: 3, strideHeight: 2, strideWidth: 3, activation: 3),
      Case(
        height: 4, width: 4, inputChannels: 3, outputChannels: 6, filterHeight: 4, filterWidth: 4,
        same: false),
      Case(
        height: 6, width: 6, inputChannels: 2, outputChannels: 4, filterHeight: 1, filterWidth: 1,
        strideHeight: 2, strideWidth: 2),
      // The first layer of MobileNet v1 (scaled down): 3×3 stride 2 from RGB to 8 channels.
      Case(
        height: 16, width: 16, inputChannels: 3, outputChannels: 8, strideHeight: 2, strideWidth: 2,
        activation: 3),
      // Depth 3×3×64 = 576: im2col blocks of about 113 rows, so 400 rows take several blocks.
      Case(height: 20, width: 20, inputChannels: 64, outputChannels: 20, activation: 1),
      Case(height: 5, width: 4, inputChannels: 3, outputChannels: 6, filterAtRunTime: true),
      Case(
        height: 5, width: 5, inputChannels: 7, outputChannels: 9, filterHeight: 1, filterWidth: 1,
        bias: false, filterAtRunTime: true),
    ]
    return cases
  }()

  @Test(
    "random shapes match an independent implementation on every kernel build",
    arguments: Array(randomCases.indices))
  func randomShapes(index: Int) throws {
    try Support.check(Self.randomCases[index], seed: UInt64(100 + index))
  }

  @Test("empty tensors run without work; oversized ones fail at load without trapping")
  func emptyAndHuge() throws {
    for kernels in KernelSet.available {
      // Batch 0: an empty output of the right shape.
      let empty = SingleOpModel.build(
        builtin: 3, options: Self.options(stride: (2, 2)),
        inputs: [
          .float("x", [0, 9, 9, 3]), .float("w", [4, 3, 3, 3], [Float](repeating: 1, count: 108)),
        ],
        outputs: [.float("y", [])])
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: empty), options: InterpreterOptions(kernels: kernels))
      #expect(try interpreter.output(at: 0).shape == [0, 5, 5, 4])
      try interpreter.invoke()
      #expect(try interpreter.outputFloats(at: 0).isEmpty)
      // Zero input channels: the output is the bias alone.
      let noChannels = SingleOpModel.build(
        builtin: 3, options: Self.options(),
        inputs: [
          .float("x", [1, 3, 3, 0]), .float("w", [2, 3, 3, 0], []), .float("b", [2], [1.5, -2]),
        ], outputs: [.float("y", [])])
      let biasOnly = try ModelInterpreter(
        model: ModelFile(bytes: noChannels), options: InterpreterOptions(kernels: kernels))
      try biasOnly.invoke()
      #expect(
        try biasOnly.outputFloats(at: 0)
          == [Float](repeating: 0, count: 9).indices.flatMap { _ in [Float(1.5), -2] })
    }
    // Dimensions whose product overflows are refused with an error, never a trap.
    let huge = SingleOpModel.build(
      builtin: 3, options: Self.options(),
      inputs: [.float("x", [0, 1 << 30, 1 << 30, 1 << 30]), .float("w", [1, 1, 1, 1 << 30])],
      outputs: [.float("y", [])])
    #expect(throws: InterpreterError.self) { try ModelInterpreter(model: ModelFile(bytes: huge)) }
  }

  @Test("bad shapes, options and types fail at load")
  func loadErrors() throws {
    func load(
      _ inputs: [T?], options: (UInt8, TestFlatBuffer) = ConvolutionTests.options(),
      output: T = .float("y", [])
    ) throws -> InterpreterError? {
      let bytes = SingleOpModel.build(
        builtin: 3, options: options, inputs: inputs, outputs: [output])
      do {
        _ = try ModelInterpreter(model: ModelFile(bytes: bytes))
        return nil
      } catch let error as InterpreterError {
        return error
      }
    }
    let x = T.float("x", [1, 4, 4, 2])
    let w = T.float("w", [3, 3, 3, 2], [Float](repeating: 0.1, count: 54))
    // The valid model loads.
    #expect(try load([x, w]) == nil)
    // Filter of rank 3.
    #expect(
      try load([x, .float("w", [3, 3, 2], [Float](repeating: 0, count: 18))])?.description.contains(
        "rank 4") == true)
    // Input channels that do not match the filter's.
    #expect(
      try load([T.float("x", [1, 4, 4, 5]), w])?.description.contains("input channels") == true)
    // Groups (4 input channels, filter of 2: two groups) that the 3 output channels do not
    // divide.
    #expect(
      try load([T.float("x", [1, 4, 4, 4]), w])?.description.contains("do not split into 2 groups")
        == true)
    // Bias of the wrong length.
    #expect(try load([x, w, .float("b", [2], [0, 0])])?.description.contains("bias") == true)
    // Stride 0 (an absent options table field).
    #expect(
      try load([x, w], options: Self.options(stride: (0, 1)))?.description.contains("stride_h")
        == true)
    // A VALID filter larger than the input.
    #expect(
      try load([T.float("x", [1, 1, 1, 2]), w], options: Self.options(same: false))?.description
        .contains("smaller") == true)
    // TANH cannot be fused.
    guard case .unsupportedNode? = try load([x, w], options: Self.options(activation: 4)) else {
      Issue.record("TANH should be unsupported")
      return
    }
    // A uint8 input without quantization is unsupported; a hybrid model (float input, int8
    // filter) needs the filter's quantization parameters.
    guard case .unsupportedNode? = try load([T("x", type: 3, shape: [1, 4, 4, 2]), w]) else {
      Issue.record("uint8 input should be unsupported")
      return
    }
    guard
      case .invalidNode? = try load([
        x, T("w", type: 9, shape: [3, 3, 3, 2], data: [UInt8](repeating: 1, count: 54)),
      ])
    else {
      Issue.record("an int8 filter without quantization should be invalid")
      return
    }
    // Options of another operator.
    #expect(try load([x, w], options: (8, .table([:]))) != nil)
  }
}
