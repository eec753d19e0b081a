import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// FULLY_CONNECTED (float32): hand-checked cases, output shapes with and without
/// `keep_num_dims`, random shapes on every kernel build, and load-time errors.
@Suite("FULLY_CONNECTED")
struct FullyConnectedTests {
  typealias Support = ConvolutionTestSupport
  typealias T = SingleOpModel.Tensor

  @Test("two rows, three units, bias and RELU", arguments: KernelSet.available)
  func hand(kernels: KernelSet) throws {
    let bytes = Support.fullyConnectedModel(
      inputShape: [2, 2], units: 3, depth: 2, weights: [1, 0, 0, 1, 1, -1], bias: [0, 1, 0.5],
      activation: 1)
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [2, 3])
    try interpreter.setInput(at: 0, floats: [3, 5, 2, -4])
    try interpreter.invoke()
    // Row (3, 5): 3, 5+1, 3-5+0.5 → 0; row (2, -4): 2, -4+1 → 0, 2+4+0.5.
    #expect(try interpreter.outputFloats(at: 0) == [3, 6, 0, 2, 0, 6.5])
  }

  @Test("output shapes: flattened to [M, N], or the input's with keep_num_dims")
  func shapes() throws {
    let weights = [Float](repeating: 0.5, count: 12)
    let flat = try ModelInterpreter(
      model: ModelFile(
        bytes: Support.fullyConnectedModel(
          inputShape: [2, 3, 4], units: 3, depth: 4, weights: weights, bias: nil)))
    #expect(try flat.output(at: 0).shape == [6, 3])
    let kept = try ModelInterpreter(
      model: ModelFile(
        bytes: Support.fullyConnectedModel(
          inputShape: [2, 3, 4], units: 3, depth: 4, weights: weights, bias: nil,
          keepNumDims: true)))
    #expect(try kept.output(at: 0).shape == [2, 3, 3])
    // A [1, 8] input against K = 4 makes two rows.
    let rows = try ModelInterpreter(
      model: ModelFile(
        bytes: Support.fullyConnectedModel(
          inputShape: [1, 8], units: 3, depth: 4, weights: weights, bias: nil)))
    #expect(try rows.output(at: 0).shape == [2, 3])
    try rows.setInput(at: 0, floats: [1, 1, 1, 1, 2, 2, 2, 2])
    try rows.invoke()
    #expect(try rows.outputFloats(at: 0) == [2, 2, 2, 4, 4, 4])
  }

  /// (input shape, units, activation, bias, keep_num_dims, weights at run time)
  static let randomCases: [([Int], Int, Int8, Bool, Bool, Bool)] = [
    ([1, 1], 1, 0, true, false, false),
    ([1, 5], 3, 1, false, false, false),
    ([2, 17], 9, 2, true, false, false),
    ([7, 33], 31, 3, true, false, false),
    ([1, 256], 1001, 0, true, false, false),
    ([1, 64], 96, 1, true, false, false),
    ([13, 8], 16, 0, false, false, false),
    ([3, 4, 24], 40, 0, true, true, false),
    ([2, 2, 2, 10], 7, 3, true, true, false),
    ([1, 100], 65, 0, true, false, true),
    ([5, 12], 18, 1, false, false, true),
    ([49, 128], 256, 3, true, false, false),
  ]

  @Test(
    "random shapes match an independent implementation on every kernel build",
    arguments: Array(randomCases.indices))
  func randomShapes(index: Int) throws {
    let (shape, units, activation, hasBias, keep, atRunTime) = Self.randomCases[index]
    let depth = shape.last ?? 1
    let rows = shape.reduce(1, *) / depth
    var generator = SplitMix64(seed: UInt64(300 + index))
    let input = Support.randomFloats(rows * depth, &generator)
    let weights = Support.randomFloats(units * depth, &generator)
    let bias = hasBias ? Support.randomFloats(units, &generator) : nil
    let bytes = Support.fullyConnectedModel(
      inputShape: shape, units: units, depth: depth, weights: atRunTime ? nil : weights,
      bias: bias, activation: activation, keepNumDims: keep)
    let want = Support.fullyConnectedExpected(
      input: input, rows: rows, units: units, depth: depth, weights: weights, bias: bias,
      activation: activation)
    let shapeWanted = keep ? shape.dropLast() + [units] : [rows, units]
    let inputs = atRunTime ? [input, weights] : [input]
    let context = "FC \(shape) → \(units), act \(activation), bias \(hasBias)"
    for kernels in KernelSet.available {
      let got = try Support.run(bytes, inputs: inputs, kernels: kernels)
      #expect(got.shape == shapeWanted, "\(context) on \(kernels)")
      Support.expectClose(got.values, want.values, scale: want.scale, "\(context) on \(kernels)")
      if kernels.variant != .reference {
        let threaded = try Support.run(bytes, inputs: inputs, kernels: kernels, threads: 3)
        #expect(threaded.values == got.values, "\(context) on \(kernels): 3 threads differ")
      }
    }
  }

  @Test("no input rows give an empty output", arguments: KernelSet.available)
  func emptyRows(kernels: KernelSet) throws {
    let bytes = Support.fullyConnectedModel(
      inputShape: [0, 8], units: 5, depth: 8, weights: [Float](repeating: 1, count: 40),
      bias: [Float](repeating: 1, count: 5))
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(kernels: kernels))
    #expect(try interpreter.output(at: 0).shape == [0, 5])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0).isEmpty)
  }

  @Test("bad shapes and options fail at load")
  func loadErrors() throws {
    func load(_ inputs: [T?], options: (UInt8, TestFlatBuffer) = (8, .table([:])))
      throws -> InterpreterError?
    {
      let bytes = SingleOpModel.build(
        builtin: 9, options: options, inputs: inputs, outputs: [.float("y", [])])
      do {
        _ = try ModelInterpreter(model: ModelFile(bytes: bytes))
        return nil
      } catch let error as InterpreterError {
        return error
      }
    }
    let w = T.float("w", [3, 4], [Float](repeating: 1, count: 12))
    #expect(try load([.float("x", [2, 4]), w]) == nil)
    // 10 inputs are not whole rows of 4.
    #expect(try load([.float("x", [2, 5]), w])?.description.contains("rows of 4") == true)
    // keep_num_dims needs the last dimension to be K.
    #expect(
      try load([.float("x", [2, 2, 2]), w], options: (8, .table([2: .bool(true)])))?.description
        .contains("keep_num_dims") == true)
    // Weights of rank 3.
    #expect(
      try load([.float("x", [2, 4]), .float("w", [3, 2, 2], [Float](repeating: 1, count: 12))])
        != nil)
    // Bias of the wrong length.
    #expect(
      try load([.float("x", [2, 4]), w, .float("b", [4], [0, 0, 0, 0])])?.description.contains(
        "bias") == true)
    // Shuffled int8 weights are not supported.
    guard
      case .unsupportedNode? = try load(
        [.float("x", [2, 4]), w], options: (8, .table([1: .int8(1)])))
    else {
      Issue.record("shuffled weights should be unsupported")
      return
    }
    // Hybrid models (float input, int8 weights) need the weights' quantization parameters.
    guard
      case .invalidNode? = try load([
        .float("x", [2, 4]),
        T("w", type: 9, shape: [3, 4], data: [UInt8](repeating: 1, count: 12)),
      ])
    else {
      Issue.record("int8 weights without quantization should be invalid")
      return
    }
  }
}
