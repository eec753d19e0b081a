import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Quantized DEPTHWISE_CONV_2D (uint8; int8 per tensor and per channel along dimension 3)
/// against hand-computed outputs, LiteRT 2.3.0's reference kernels, and the independent integer
/// reference on random shapes, on every kernel build.
@Suite("Quantized DEPTHWISE_CONV_2D")
struct QuantizedDepthwiseTests {
  typealias Support = QuantizedConvolutionSupportTests
  typealias Tensor = SingleOpModel.Tensor

  @Test("a hand-computed 2×2 VALID depthwise convolution with multiplier 2")
  func handComputed() throws {
    // One input channel, 2×3 image x − 10 = [[1, 2, 3], [4, 5, 6]]; filters (w − 20)
    // [[1, 0], [0, 1]] (output channel 0) and [[2, 1], [1, −1]] (output channel 1).
    // Output pixel 0: 1 + 5 = 6 and 2 + 2 + 4 − 5 = 3; pixel 1: 2 + 6 = 8 and 4 + 3 + 5 − 6 = 6.
    // Bias 10 and −4, × 1 (scales 0.5 × 2 / 1), output zero point 100.
    var c = Support.Case()
    c.kind = .depthwise(multiplier: 2)
    c.height = 2
    c.width = 3
    c.inputChannels = 1
    c.filterHeight = 2
    c.filterWidth = 2
    c.same = false
    c.inputScale = 0.5
    c.inputZero = 10
    c.filterScales = [2]
    c.filterZeros = [20]
    c.outputScale = 1
    c.outputZero = 100
    c.input = [11, 12, 13, 14, 15, 16]
    // [1][KH][KW][2]: tap (0,0) → (1, 2), (0,1) → (0, 1), (1,0) → (0, 1), (1,1) → (1, −1).
    c.filter = [21, 22, 20, 21, 20, 21, 21, 19]
    c.bias = [10, -4]
    #expect(Support.expected(c) == [116, 99, 118, 102])
    try Support.check(c)
  }

  @Test(
    "int8 per-channel, multiplier 2, dilation 2, VALID, RELU matches LiteRT's reference kernels")
  func liteRTGolden() throws {
    var c = Support.Case()
    c.kind = .depthwise(multiplier: 2)
    c.signed = true
    c.height = 5
    c.width = 6
    c.inputChannels = 2
    c.filterHeight = 2
    c.filterWidth = 2
    c.dilationHeight = 2
    c.dilationWidth = 2
    c.same = false
    c.activation = 1
    c.inputScale = 0.05
    c.inputZero = -3
    c.filterScales = [0.5, 0.004, 0.00003, 0.02]
    c.filterZeros = [0, 0, 0, 0]
    c.outputScale = 0.25
    c.outputZero = 10
    c.input = QuantizedConvolutionTests.sequence(60, 29, 5, signed: true)
    c.filter = QuantizedConvolutionTests.sequence(16, 71, 3, signed: true)
    c.bias = [-50, 3000, 700000, -10]
    let liteRT: [Int8] = [
      127, 16, 14, 10, 10, 14, 14, 80, 10, 11, 14, 10, 10, 14, 14, 10, 126, 12, 14, 81, 127, 15, 14,
      10, 10, 10, 14, 52, 127, 16, 14, 10, 10, 14, 14, 51, 10, 10, 14, 10, 10, 14, 14, 80, 10, 12,
      14, 82,
    ]
    #expect(Support.expected(c) == liteRT.map { UInt8(bitPattern: $0) })
    try Support.check(c)
  }

  @Test("random uint8 depthwise convolutions on every build", arguments: 0..<40)
  func randomUInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD0_0000 + seed)
    try Support.check(Support.randomCase(.depthwise(multiplier: 1), signed: false, &generator))
  }

  @Test("random int8 depthwise convolutions on every build", arguments: 0..<40)
  func randomInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xD1_0000 + seed)
    try Support.check(Support.randomCase(.depthwise(multiplier: 1), signed: true, &generator))
  }

  @Test("3×3 rows of every width and channel count, stride 1 and 2 (the vectorized paths)")
  func rowPaths() throws {
    var generator = SplitMix64(seed: 333)
    for channels in [1, 4, 7, 8, 15, 16, 24, 33] {
      for stride in [1, 2] {
        var c = Support.randomCase(.depthwise(multiplier: 1), signed: channels % 2 == 0, &generator)
        c.kind = .depthwise(multiplier: 1)
        c.inputChannels = channels
        c.height = 7
        c.width = 9
        c.filterHeight = 3
        c.filterWidth = 3
        c.strideHeight = stride
        c.strideWidth = stride
        c.dilationHeight = 1
        c.dilationWidth = 1
        c.same = stride == 1
        c.bias = (0..<channels).map { _ in Int32.random(in: -9000...9000, using: &generator) }
        c.filterScales = c.filterScales.count > 1 ? Array(c.filterScales.prefix(1)) : c.filterScales
        c.filterZeros = [c.filterZeros[0]]
        Support.redrawData(&c, &generator)
        try Support.check(c)
      }
    }
  }

  @Test(
    "tall images cut into blocks of output rows with their own input slabs: every stride, dilation, padding and batch",
    arguments: 0..<8)
  func tallImages(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0x7A11 + seed)
    var c = Support.randomCase(.depthwise(multiplier: 1), signed: seed % 2 == 0, &generator)
    c.kind = .depthwise(multiplier: seed % 4 == 3 ? 2 : 1)
    c.batch = seed % 3 == 0 ? 2 : 1
    c.inputChannels = 16
    (c.height, c.width) = ([37, 70, 33, 64][Int(seed % 4)], 5)
    (c.filterHeight, c.filterWidth) = seed % 5 == 4 ? (5, 5) : (3, 3)
    (c.strideHeight, c.strideWidth) = seed % 2 == 1 ? (2, 2) : (1, 1)
    (c.dilationHeight, c.dilationWidth) = seed == 2 || seed == 5 ? (2, 1) : (1, 1)
    c.same = seed % 3 != 1
    let channels = c.inputChannels * (seed % 4 == 3 ? 2 : 1)
    c.bias = (0..<channels).map { _ in Int32.random(in: -9000...9000, using: &generator) }
    c.filterScales =
      c.filterScales.count > 1
      ? Array(repeating: c.filterScales[0], count: channels) : c.filterScales
    c.filterZeros =
      c.filterZeros.count > 1 ? Array(repeating: 0, count: channels) : [c.filterZeros[0]]
    Support.redrawData(&c, &generator)
    try Support.check(c)
  }

  @Test(
    "wide rows: blocks of fewer output rows so that each slab stays within its cap, every stride and filter",
    arguments: 0..<4)
  func wideRows(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0x31DE + seed)
    var c = Support.randomCase(.depthwise(multiplier: 1), signed: seed % 2 == 0, &generator)
    c.kind = .depthwise(multiplier: 1)
    c.batch = 1
    // 1,200 × 16 floats a row: 3 rows fill the 65,536-float cap, so blocks have 2 output rows.
    c.inputChannels = 16
    (c.height, c.width) = (23, 1_200)
    (c.filterHeight, c.filterWidth) = seed == 3 ? (5, 5) : (3, 3)
    (c.strideHeight, c.strideWidth) = seed % 2 == 1 ? (2, 2) : (1, 1)
    (c.dilationHeight, c.dilationWidth) = (1, 1)
    c.same = seed != 2
    c.bias = (0..<16).map { _ in Int32.random(in: -9000...9000, using: &generator) }
    c.filterScales =
      c.filterScales.count > 1 ? Array(repeating: c.filterScales[0], count: 16) : c.filterScales
    c.filterZeros = c.filterZeros.count > 1 ? Array(repeating: 0, count: 16) : [c.filterZeros[0]]
    Support.redrawData(&c, &generator)
    try Support.check(c)
  }

  @Test("a 9×9 filter with extreme zero points falls back to integer loops and still matches")
  func largeFilter() throws {
    var generator = SplitMix64(seed: 99)
    var c = Support.randomCase(.depthwise(multiplier: 1), signed: false, &generator)
    c.kind = .depthwise(multiplier: 2)
    c.inputChannels = 3
    c.height = 10
    c.width = 11
    c.filterHeight = 9
    c.filterWidth = 9
    c.strideHeight = 1
    c.strideWidth = 1
    c.dilationHeight = 1
    c.dilationWidth = 1
    c.same = true
    c.inputZero = 255
    c.filterZeros = [0]
    c.input = (0..<c.inputShape.reduce(1, *)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    c.filter = (0..<c.filterShape.reduce(1, *)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    c.bias = (0..<6).map { _ in Int32.random(in: -9000...9000, using: &generator) }
    c.outputScale = c.inputScale * c.filterScales[0] * 20000
    try Support.check(c)
    // The same filter with centred zero points sums exactly on the float path.
    c.inputZero = 128
    c.filterZeros = [128]
    try Support.check(c)
  }

  @Test("a filter and a bias computed at run time")
  func runTimeOperands() throws {
    var generator = SplitMix64(seed: 78)
    for signed in [false, true] {
      var c = Support.randomCase(.depthwise(multiplier: 1), signed: signed, &generator)
      c.filterAtRunTime = true
      try Support.check(c)
      c.filterAtRunTime = false
      c.biasAtRunTime = true
      try Support.check(c)
    }
  }

  @Test("per-channel scales must run along the output channels (dimension 3)")
  func channelDimension() throws {
    let i8 = (scales: [Float(0.1)], zeroPoints: [Int64(0)], dimension: Int32(0))
    let error = try QuantizedConvolutionTests.loadError(
      input: Tensor("x", type: 9, shape: [1, 4, 4, 2], quantization: i8),
      filter: Tensor(
        "w", type: 9, shape: [1, 1, 1, 2], data: [1, 2], quantization: ([0.1, 0.2], [0, 0], 0)),
      bias: nil, output: Tensor("y", type: 9, shape: [], quantization: i8), builtin: 4)
    #expect(error.description.contains("quantized_dimension"), "\(error)")
    #expect(error.description.contains("DEPTHWISE_CONV_2D"), "\(error)")
  }
}
