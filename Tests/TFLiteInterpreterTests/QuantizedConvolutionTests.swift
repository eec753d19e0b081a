import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Quantized CONV_2D (uint8; int8 per tensor and per channel) against hand-computed outputs,
/// outputs of LiteRT 2.3.0's reference kernels, and the independent integer reference in
/// ``QuantizedConvolutionSupportTests`` on random shapes, on every kernel build; and the
/// combinations rejected at load.
@Suite("Quantized CONV_2D")
struct QuantizedConvolutionTests {
  typealias Support = QuantizedConvolutionSupportTests
  typealias Tensor = SingleOpModel.Tensor

  /// `count` bytes `(i · a + b) mod 256` (the fixtures' data, also used to produce the LiteRT
  /// outputs below), read as int8 bit patterns when `signed` (value − 128).
  static func sequence(_ count: Int, _ a: Int, _ b: Int, signed: Bool) -> [UInt8] {
    (0..<count).map { i in
      let value = (i * a + b) % 256
      return signed ? UInt8(truncatingIfNeeded: value - 128) : UInt8(value)
    }
  }

  @Test("exact halves: the fixed-point multiplier rounds negative halves toward zero")
  func halves() throws {
    // Real multiplier 0.5 × 1 / 1 = 0.5; x − zero = 1; w − zero = −3, −1, 1, 3, −5, 5, −7, 7.
    // Products halve to −1.5, −0.5, …: MultiplyByQuantizedMultiplier gives −1, 0, 1, 2, −2, 3,
    // −3, 4 (LiteRT's reference kernels give the same bytes).
    var c = Support.Case()
    c.height = 1
    c.width = 1
    c.inputChannels = 1
    c.outputChannels = 8
    c.filterHeight = 1
    c.filterWidth = 1
    c.inputScale = 0.5
    c.inputZero = 128
    c.filterScales = [1]
    c.filterZeros = [128]
    c.outputScale = 1
    c.outputZero = 128
    c.input = [129]
    c.filter = [125, 127, 129, 131, 123, 133, 121, 135]
    c.bias = Array(repeating: 0, count: 8)
    #expect(Support.expected(c) == [127, 128, 129, 130, 126, 131, 125, 132])
    try Support.check(c)
  }

  @Test("a hand-computed 3×3 SAME convolution over a 2×2 image")
  func padding() throws {
    // x − 100 = [[1, 2], [3, 4]]; w − 50 = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]; bias 5.
    // Sums over the taps inside the image: 77, 67, 47, 37; plus bias 82, 72, 52, 42;
    // × 0.5 (scales 1 × 0.5 / 1) = 41, 36, 26, 21; plus the output zero point 3.
    var c = Support.Case()
    c.height = 2
    c.width = 2
    c.inputChannels = 1
    c.outputChannels = 1
    c.inputScale = 1
    c.inputZero = 100
    c.filterScales = [0.5]
    c.filterZeros = [50]
    c.outputScale = 1
    c.outputZero = 3
    c.input = [101, 102, 103, 104]
    c.filter = (1...9).map { UInt8(50 + $0) }
    c.bias = [5]
    #expect(Support.expected(c) == [44, 39, 29, 24])
    try Support.check(c)
    // Saturation at both ends: a large bias, then a large negative one.
    c.bias = [1000]
    #expect(Support.expected(c) == [255, 255, 255, 255])
    try Support.check(c)
    c.bias = [-1000]
    #expect(Support.expected(c) == [0, 0, 0, 0])
    try Support.check(c)
  }

  @Test("uint8 3×3 stride 2 SAME with RELU6 matches LiteRT's reference kernels")
  func liteRTGolden() throws {
    var c = Support.Case()
    c.height = 4
    c.width = 5
    c.inputChannels = 3
    c.outputChannels = 4
    c.strideHeight = 2
    c.strideWidth = 2
    c.activation = 3
    c.inputScale = 0.0125
    c.inputZero = 7
    c.filterScales = [0.0071]
    c.filterZeros = [128]
    c.outputScale = 0.0047
    c.outputZero = 3
    c.input = Self.sequence(60, 37, 11, signed: false)
    c.filter = Self.sequence(108, 53, 7, signed: false)
    c.bias = [1200, -3400, 560, 9000]
    let liteRT: [UInt8] = [
      255, 3, 255, 202, 196, 3, 182, 3, 255, 3, 3, 255, 3, 3, 3, 150, 3, 255, 3, 3, 3, 3, 3, 255,
    ]
    #expect(Support.expected(c) == liteRT)
    try Support.check(c)
  }

  @Test("random uint8 convolutions match the integer reference on every build", arguments: 0..<40)
  func randomUInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xC0_0000 + seed)
    try Support.check(Support.randomCase(.convolution, signed: false, &generator))
  }

  @Test("random int8 convolutions match the integer reference on every build", arguments: 0..<40)
  func randomInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xC1_0000 + seed)
    try Support.check(Support.randomCase(.convolution, signed: true, &generator))
  }

  @Test(
    "shapes the VNNI dot products take (depth ≥ 8 int8, ≥ 32 uint8; ≥ 16 channels) match the reference on every build",
    arguments: 0..<32)
  func dotProductShapes(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD0_0000 + seed)
    let signed = seed % 2 == 0
    // Every fourth int8 case shallow (8 ..< 32), where only int8 takes the dot products.
    let depths = signed && seed % 4 == 0 ? 8..<32 : (signed ? 8 : 32)..<Int.max
    var c = Support.randomCase(.convolution, signed: signed, &generator)
    while !depths.contains(c.inputChannels * c.filterHeight * c.filterWidth)
      || c.outputChannels < 16
    {
      c = Support.randomCase(.convolution, signed: signed, &generator)
    }
    try Support.check(c)
  }

  @Test(
    "shapes whose rows of A are read through pointers (16k channels) match the reference on every build",
    arguments: 0..<32)
  func pointerGatheredShapes(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD1_0000 + seed)
    let signed = seed % 4 != 3
    func applies(_ c: Support.Case) -> Bool {
      let depth = c.inputChannels * c.filterHeight * c.filterWidth
      return c.outputChannels % 16 == 0 && depth >= (signed ? 8 : 32)
        && !(c.filterHeight == 1 && c.filterWidth == 1 && c.strideHeight == 1
          && c.strideWidth == 1)
    }
    var c = Support.randomCase(.convolution, signed: signed, &generator)
    while !applies(c) { c = Support.randomCase(.convolution, signed: signed, &generator) }
    try Support.check(c)
  }

  @Test(
    "first layers: 1 to 3 input channels, runs padded to whole words, windows at every edge, on every build",
    arguments: 0..<12)
  func paddedRuns(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD2_0000 + seed)
    // Sixteen output channels (the bias and scales drawn for them); the rest set here.
    var c = Support.randomCase(.convolution, signed: seed % 3 != 2, &generator)
    while c.outputChannels != 16 {
      c = Support.randomCase(.convolution, signed: seed % 3 != 2, &generator)
    }
    c.inputChannels = [1, 2, 3][Int(seed % 3)]
    (c.filterHeight, c.filterWidth) = seed % 4 == 0 ? (5, 5) : (3, 3)
    (c.strideHeight, c.strideWidth) = seed % 2 == 0 ? (2, 2) : (1, 1)
    (c.dilationHeight, c.dilationWidth) = seed % 6 == 5 ? (1, 2) : (1, 1)
    (c.height, c.width) = (9, 13)
    c.same = seed % 5 != 1
    if !c.signed && c.inputChannels * c.filterHeight * c.filterWidth < 32 {
      (c.filterHeight, c.filterWidth) = (5, 5)
    }
    Support.redrawData(&c, &generator)
    try Support.check(c)
  }

  @Test(
    "1×1 convolutions over more rows than one GEMM block (the input widened block by block into each thread's scratch), on every build",
    arguments: 0..<4)
  func directRowBlocks(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD3_0000 + seed)
    var c = Support.randomCase(.convolution, signed: seed % 2 == 1, &generator)
    // Depths 8 and 24: uint8 below 32 runs the float GEMM; int8 at 8 the dot products.
    c.inputChannels = seed < 2 ? 24 : 8
    (c.filterHeight, c.filterWidth) = (1, 1)
    (c.strideHeight, c.strideWidth) = (1, 1)
    (c.dilationHeight, c.dilationWidth) = (1, 1)
    // 96 × 97 rows: more than the 2,728 (depth 24) or 8,192 (depth 8) rows of one block.
    (c.batch, c.height, c.width) = (1, 96, 97)
    Support.redrawData(&c, &generator)
    try Support.check(c)
  }

  @Test(
    "convolutions of 3 channels over more pixels than one block, two images: widened row windows (float GEMM) and dense patches (dot products), on every build",
    arguments: 0..<8)
  func windowedBlocks(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD4_0000 + seed)
    // Sixteen output channels (the bias and scales drawn for them); the rest set here.
    var c = Support.randomCase(.convolution, signed: seed % 2 == 1, &generator)
    while c.outputChannels != 16 {
      c = Support.randomCase(.convolution, signed: seed % 2 == 1, &generator)
    }
    // Depth 27 or 75: uint8 below 32 and int8 off the VNNI build run the float GEMM, in blocks
    // of about 1,900 or 800 pixels, so windows start and end inside each image and at its
    // edges; int8 on the VNNI build gathers dense patches (27 bytes in 28, 75 in 76).
    c.inputChannels = 3
    (c.filterHeight, c.filterWidth) = seed % 4 == 1 ? (5, 5) : (3, 3)
    (c.strideHeight, c.strideWidth) = seed % 2 == 0 ? (2, 2) : (1, 1)
    (c.dilationHeight, c.dilationWidth) = seed % 3 == 2 ? (2, 1) : (1, 1)
    (c.batch, c.height, c.width) = (2, 101, 67)
    c.same = seed % 5 != 4
    // No fused activation, so that the outputs spread (a clamp can leave a handful of values).
    c.activation = 0
    Support.redrawData(&c, &generator)
    #expect(Set(Support.expected(c)).count > 16, "the outputs saturate: \(c)")
    try Support.check(c)
  }

  @Test("K above 256, not a multiple of it, with worst-case zero points", arguments: [false, true])
  func deepFilters(signed: Bool) throws {
    var generator = SplitMix64(seed: signed ? 21 : 12)
    for (channels, filter) in [(40, 3), (64, 3), (29, 3), (300, 1), (257, 1)] {
      var c = Support.randomCase(.convolution, signed: signed, &generator)
      c.inputChannels = channels
      c.filterHeight = filter
      c.filterWidth = filter
      c.height = 6
      c.width = 7
      c.dilationHeight = 1
      c.dilationWidth = filter == 3 ? 2 : 1
      c.same = true
      c.inputZero = signed ? 127 : 0
      c.filterZeros = signed ? c.filterZeros : [255]
      c.input = (0..<c.inputShape.reduce(1, *)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      c.filter = (0..<c.filterShape.reduce(1, *)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      c.outputScale = c.inputScale * c.filterScales[0] * 3000
      try Support.check(c)
    }
  }

  @Test("a filter and a bias computed at run time")
  func runTimeOperands() throws {
    var generator = SplitMix64(seed: 77)
    for signed in [false, true] {
      var c = Support.randomCase(.convolution, signed: signed, &generator)
      c.filterAtRunTime = true
      try Support.check(c)
      c.filterAtRunTime = false
      c.biasAtRunTime = true
      try Support.check(c)
    }
  }

  @Test(
    "every convolution of mobilenet_v1_0.25_224_quant, with its weights and quantization",
    .enabled(if: SharedData.isAvailable))
  func mobileNetLayers() throws {
    let model = try ModelFile(
      contentsOfFile: SharedData.path("models/mobilenet_v1_0.25_224_quant.tflite"))
    var generator = SplitMix64(seed: 224)
    var layers = 0
    for c in try Self.layers(of: model, &generator) {
      try Support.check(c)
      layers += 1
    }
    #expect(layers == 28)
  }

  /// The CONV_2D and DEPTHWISE_CONV_2D nodes of `model` as cases with random input bytes.
  static func layers(of model: ModelFile, _ generator: inout SplitMix64) throws -> [Support.Case] {
    let graph = model.subgraphs[0]
    var cases: [Support.Case] = []
    for op in graph.operators where op.inputs.count == 3 && op.inputs.allSatisfy({ $0 >= 0 }) {
      let input = graph.tensors[op.inputs[0]]
      let filter = graph.tensors[op.inputs[1]]
      let bias = graph.tensors[op.inputs[2]]
      let output = graph.tensors[op.outputs[0]]
      var c = Support.Case()
      if let options = op.builtinOptions.decoded(as: Conv2DOptions.self) {
        c.kind = .convolution
        c.outputChannels = filter.shape[0]
        (c.strideHeight, c.strideWidth) = (options.strideHeight, options.strideWidth)
        (c.dilationHeight, c.dilationWidth) = (options.dilationHeight, options.dilationWidth)
        c.same = options.padding == .same
        c.activation = options.activation.rawValue
      } else if let options = op.builtinOptions.decoded(as: DepthwiseConv2DOptions.self) {
        c.kind = .depthwise(multiplier: filter.shape[3] / input.shape[3])
        (c.strideHeight, c.strideWidth) = (options.strideHeight, options.strideWidth)
        (c.dilationHeight, c.dilationWidth) = (options.dilationHeight, options.dilationWidth)
        c.same = options.padding == .same
        c.activation = options.activation.rawValue
      } else {
        continue
      }
      c.signed = input.type == .int8
      (c.batch, c.height, c.width, c.inputChannels) = (
        input.shape[0], input.shape[1], input.shape[2], input.shape[3]
      )
      (c.filterHeight, c.filterWidth) = (filter.shape[1], filter.shape[2])
      let quantization = try #require(filter.quantization)
      c.filterScales = quantization.scales
      c.filterZeros = quantization.zeroPoints.map { Int($0) }
      c.inputScale = try #require(input.quantization?.scales.first)
      c.inputZero = Int(input.quantization?.zeroPoints.first ?? 0)
      c.outputScale = try #require(output.quantization?.scales.first)
      c.outputZero = Int(output.quantization?.zeroPoints.first ?? 0)
      c.filter = Array(model.buffers[filter.bufferIndex].data)
      c.bias = Array(model.buffers[bias.bufferIndex].data).withUnsafeBytes { raw in
        (0..<bias.shape[0]).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) }
      }
      c.input = (0..<input.shape.reduce(1, *)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      cases.append(c)
    }
    return cases
  }

  // MARK: Load-time checks

  /// The error loading a model with one CONV_2D of these tensors throws.
  static func loadError(
    input: Tensor, filter: Tensor, bias: Tensor?, output: Tensor, builtin: Int32 = 3
  ) throws -> InterpreterError {
    let options: (UInt8, TestFlatBuffer) =
      builtin == 3
      ? (1, .table([1: .int32(1), 2: .int32(1)]))
      : (2, .table([1: .int32(1), 2: .int32(1), 3: .int32(1)]))
    let bytes = SingleOpModel.build(
      builtin: builtin, options: options, inputs: [input, filter, bias], outputs: [output])
    return try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: bytes))
    }
  }

  @Test("unsupported and inconsistent quantization is rejected at load, naming the reason")
  func rejections() throws {
    let u8 = (scales: [Float(0.1)], zeroPoints: [Int64(3)], dimension: Int32(0))
    let i8 = (scales: [Float(0.1)], zeroPoints: [Int64(0)], dimension: Int32(0))
    let input = Tensor("x", type: 3, shape: [1, 4, 4, 2], quantization: u8)
    let output = Tensor("y", type: 3, shape: [], quantization: u8)
    let filter = Tensor("w", type: 3, shape: [2, 1, 1, 2], data: [1, 2, 3, 4], quantization: u8)
    let bias = Tensor(
      "b", type: 2, shape: [2], data: SingleOpModel.bytes([Int32(1), 2]),
      quantization: ([0.01], [0], 0))
    // Hybrid: float input, quantized filter.
    var error = try Self.loadError(
      input: .float("x", [1, 4, 4, 2]), filter: filter, bias: .float("b", [2], [0, 0]),
      output: .float("y", []))
    #expect(error.description.contains("hybrid"), "\(error)")
    #expect(error.description.contains("CONV_2D"), "\(error)")
    // int16 activations (16x8) need zero points of 0 and int8 weights.
    error = try Self.loadError(
      input: Tensor("x", type: 7, shape: [1, 4, 4, 2], quantization: u8),
      filter: Tensor("w", type: 9, shape: [2, 1, 1, 2], data: [1, 2, 3, 4], quantization: i8),
      bias: nil, output: Tensor("y", type: 7, shape: [], quantization: i8))
    #expect(error.description.contains("zero points of 0"), "\(error)")
    error = try Self.loadError(
      input: Tensor("x", type: 7, shape: [1, 4, 4, 2], quantization: i8),
      filter: Tensor("w", type: 3, shape: [2, 1, 1, 2], data: [1, 2, 3, 4], quantization: i8),
      bias: nil, output: Tensor("y", type: 7, shape: [], quantization: i8))
    #expect(error.description.contains("int8 weights"), "\(error)")
    // Per-channel uint8 filters: TFLite supports per-channel only for int8.
    error = try Self.loadError(
      input: input,
      filter: Tensor(
        "w", type: 3, shape: [2, 1, 1, 2], data: [1, 2, 3, 4],
        quantization: ([0.1, 0.2], [3, 3], 0)),
      bias: bias, output: output)
    #expect(error.description.contains("per channel"), "\(error)")
    // Mixed 8-bit types.
    error = try Self.loadError(
      input: Tensor("x", type: 9, shape: [1, 4, 4, 2], quantization: i8),
      filter: filter, bias: bias, output: Tensor("y", type: 9, shape: [], quantization: i8))
    #expect(error.description.contains("same 8-bit type"), "\(error)")
    // int8 filters must be symmetric.
    error = try Self.loadError(
      input: Tensor("x", type: 9, shape: [1, 4, 4, 2], quantization: i8),
      filter: Tensor(
        "w", type: 9, shape: [2, 1, 1, 2], data: [1, 2, 3, 4], quantization: ([0.1], [5], 0)),
      bias: bias, output: Tensor("y", type: 9, shape: [], quantization: i8))
    #expect(error.description.contains("zero points of 0"), "\(error)")
    // One scale per output channel.
    error = try Self.loadError(
      input: Tensor("x", type: 9, shape: [1, 4, 4, 2], quantization: i8),
      filter: Tensor(
        "w", type: 9, shape: [2, 1, 1, 2], data: [1, 2, 3, 4],
        quantization: ([0.1, 0.2, 0.3], [0, 0, 0], 0)),
      bias: bias, output: Tensor("y", type: 9, shape: [], quantization: i8))
    #expect(error.description.contains("3 scales for 2 output channels"), "\(error)")
    // A uint8 bias whose scale is not inputScale × filterScale.
    error = try Self.loadError(
      input: input, filter: filter,
      bias: Tensor(
        "b", type: 2, shape: [2], data: SingleOpModel.bytes([Int32(1), 2]),
        quantization: ([0.5], [0], 0)),
      output: output)
    #expect(error.description.contains("bias scale"), "\(error)")
    // A bias of the wrong type.
    error = try Self.loadError(
      input: input, filter: filter,
      bias: Tensor("b", type: 4, shape: [2], data: SingleOpModel.bytes([Int64(1), 2])),
      output: output)
    #expect(error.description.contains("int32"), "\(error)")
    // An output without a usable scale.
    error = try Self.loadError(
      input: input, filter: filter, bias: bias,
      output: Tensor("y", type: 3, shape: [], quantization: ([0], [3], 0)))
    #expect(error.description.contains("scale"), "\(error)")
    // An output of another type.
    error = try Self.loadError(
      input: input, filter: filter, bias: bias,
      output: Tensor("y", type: 9, shape: [], quantization: i8))
    #expect(error.description.contains("output is int8"), "\(error)")
    // No quantization on the input.
    error = try Self.loadError(
      input: Tensor("x", type: 3, shape: [1, 4, 4, 2]), filter: filter, bias: bias,
      output: output)
    #expect(error.description.contains("no quantization"), "\(error)")
  }
}
