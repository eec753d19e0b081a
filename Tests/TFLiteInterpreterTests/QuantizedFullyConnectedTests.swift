import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Quantized FULLY_CONNECTED (uint8; int8 per tensor with a filter zero point, and per channel)
/// against hand-computed outputs, LiteRT 2.3.0's reference kernels — which requantize in double,
/// `round(acc × inputScale × filterScale / outputScale)` — and the independent integer
/// reference on random shapes, on every kernel build.
@Suite("Quantized FULLY_CONNECTED")
struct QuantizedFullyConnectedTests {
  typealias Support = QuantizedConvolutionSupportTests
  typealias Tensor = SingleOpModel.Tensor

  /// A uint8 fully-connected case with one input of `x − 128 = 1`, the given weights (zero
  /// point 128) and scales 0.5 × 1 / 1.
  static func halvesCase(_ weights: [UInt8]) -> Support.Case {
    var c = Support.Case()
    c.kind = .fullyConnected
    c.inputChannels = 1
    c.outputChannels = weights.count
    c.inputScale = 0.5
    c.inputZero = 128
    c.filterScales = [1]
    c.filterZeros = [128]
    c.outputScale = 1
    c.outputZero = 128
    c.input = [129]
    c.filter = weights
    c.bias = Array(repeating: 0, count: weights.count)
    return c
  }

  @Test("exact halves round away from zero (double requantization, unlike CONV_2D)")
  func halves() throws {
    // Accumulators −3, −1, 1, 3, −5, 5, −7, 7 times 0.5: LiteRT's reference FULLY_CONNECTED
    // gives −2, −1, 1, 2, −3, 3, −4, 4 (CONV_2D's fixed-point multiplier gives −1, 0, …).
    let c = Self.halvesCase([125, 127, 129, 131, 123, 133, 121, 135])
    #expect(Support.expected(c) == [126, 127, 129, 130, 125, 131, 124, 132])
    try Support.check(c)
  }

  @Test("a scaled accumulator beyond Int32 becomes Int32.min, as x86 converts it")
  func overflowingScale() throws {
    // Scales 1 × 1 / 1e-6: 260100 × 1e6 does not fit in Int32; C's conversion on x86 gives
    // Int32.min, which clamps to the bottom, where LiteRT's reference kernels also land.
    var c = Support.Case()
    c.kind = .fullyConnected
    c.inputChannels = 4
    c.outputChannels = 6
    c.inputScale = 1
    c.filterScales = [1]
    c.filterZeros = [0]
    c.outputScale = 1e-6
    c.outputZero = 10
    c.input = [255, 255, 255, 255]
    c.filter = [255, 255, 255, 255, 1, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]
    c.bias = [0, 0, 0, -10000, 0, 0]
    #expect(Support.expected(c) == [0, 255, 255, 0, 255, 255])
    try Support.check(c)
  }

  @Test("int8 per-channel K = 260 and uint8 K = 300 match LiteRT's reference kernels")
  func liteRTGoldens() throws {
    var c = Support.Case()
    c.kind = .fullyConnected
    c.signed = true
    c.batch = 2
    c.inputChannels = 260
    c.outputChannels = 3
    c.inputScale = 0.02
    c.inputZero = 5
    c.filterScales = [0.001, 0.0004, 0.00002]
    c.filterZeros = [0, 0, 0]
    c.outputScale = 0.004
    c.outputZero = -20
    c.input = QuantizedConvolutionTests.sequence(520, 97, 1, signed: true)
    c.filter = QuantizedConvolutionTests.sequence(780, 61, 17, signed: true)
    c.bias = [100, -200, 300]
    let int8: [Int8] = [127, 56, -21, 32, 23, -18]
    #expect(Support.expected(c) == int8.map { UInt8(bitPattern: $0) })
    try Support.check(c)

    var u = Support.Case()
    u.kind = .fullyConnected
    u.batch = 2
    u.inputChannels = 300
    u.outputChannels = 5
    u.activation = 2
    u.inputScale = 0.02
    u.inputZero = 128
    u.filterScales = [0.003]
    u.filterZeros = [255]
    u.outputScale = 0.009
    u.outputZero = 100
    u.input = QuantizedConvolutionTests.sequence(600, 13, 77, signed: false)
    u.filter = QuantizedConvolutionTests.sequence(1500, 89, 31, signed: false)
    u.bias = [10, -2000, 4000, -7000, 5]
    #expect(Support.expected(u) == [0, 211, 211, 0, 211, 211, 0, 211, 83, 0])
    try Support.check(u)
  }

  @Test("random uint8 fully-connected layers on every build", arguments: 0..<30)
  func randomUInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xF0_0000 + seed)
    try Support.check(Support.randomCase(.fullyConnected, signed: false, &generator))
  }

  @Test("random int8 fully-connected layers on every build", arguments: 0..<30)
  func randomInt8(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xF1_0000 + seed)
    try Support.check(Support.randomCase(.fullyConnected, signed: true, &generator))
  }

  @Test("int8 per-tensor weights with a nonzero zero point use it")
  func int8FilterZeroPoint() throws {
    var generator = SplitMix64(seed: 5)
    var c = Support.randomCase(.fullyConnected, signed: true, &generator)
    c.filterScales = [0.004]
    c.filterZeros = [-37]
    c.outputScale = c.inputScale * 0.004 * Float(c.inputChannels) * 40
    try Support.check(c)
  }

  @Test("weights and bias computed at run time")
  func runTimeOperands() throws {
    var generator = SplitMix64(seed: 79)
    for signed in [false, true] {
      var c = Support.randomCase(.fullyConnected, signed: signed, &generator)
      c.hasBias = true
      c.filterAtRunTime = true
      try Support.check(c)
      c.filterAtRunTime = false
      c.biasAtRunTime = true
      try Support.check(c)
    }
  }

  @Test("keep_num_dims keeps the input's leading dimensions")
  func keepNumDims() throws {
    let q = (scales: [Float(0.1)], zeroPoints: [Int64(3)], dimension: Int32(0))
    let bytes = SingleOpModel.build(
      builtin: 9, options: (8, .table([2: .bool(true)])),
      inputs: [
        Tensor("x", type: 3, shape: [2, 3, 4], quantization: q),
        Tensor("w", type: 3, shape: [5, 4], data: Array(0..<20), quantization: q),
      ], outputs: [Tensor("y", type: 3, shape: [], quantization: ([1], [0], 0))])
    for kernels in KernelSet.available {
      let output = try Support.run(bytes, inputs: [Array(0..<24)], kernels: kernels)
      #expect(output.shape == [2, 3, 5])
      // Row 0 (x − 3 = −3…0) · unit 0 (w − 3 = −3…0): 9 + 4 + 1 + 0 = 14, × 0.01 → 0.
      #expect(output.bytes.count == 30)
      #expect(output.bytes[0] == 0)
    }
  }

  @Test("per-channel weights need int8 and quantized_dimension 0")
  func rejections() throws {
    let i8 = (scales: [Float(0.1)], zeroPoints: [Int64(0)], dimension: Int32(0))
    func loadError(_ weights: Tensor, input: Tensor) throws -> InterpreterError {
      let type = input.type
      let bytes = SingleOpModel.build(
        builtin: 9, inputs: [input, weights],
        outputs: [Tensor("y", type: type, shape: [], quantization: i8)])
      return try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    var error = try loadError(
      Tensor(
        "w", type: 9, shape: [2, 3], data: Array(0..<6), quantization: ([0.1, 0.2], [0, 0], 1)),
      input: Tensor("x", type: 9, shape: [1, 3], quantization: i8))
    #expect(error.description.contains("quantized_dimension"), "\(error)")
    #expect(error.description.contains("FULLY_CONNECTED"), "\(error)")
    error = try loadError(
      Tensor(
        "w", type: 3, shape: [2, 3], data: Array(0..<6), quantization: ([0.1, 0.2], [0, 0], 0)),
      input: Tensor("x", type: 3, shape: [1, 3], quantization: i8))
    #expect(error.description.contains("per channel"), "\(error)")
    // Hybrid models (float input) run int8 weights; uint8 weights are refused by name.
    error = try loadError(
      Tensor("w", type: 3, shape: [2, 3], data: Array(0..<6), quantization: i8),
      input: .float("x", [1, 3]))
    #expect(error.description.contains("hybrid"), "\(error)")
  }
}
