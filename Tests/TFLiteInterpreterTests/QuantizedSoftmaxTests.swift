import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// SOFTMAX on uint8/int8 inputs, bit-exact with TFLite's reference kernel (the gemmlowp
/// fixed-point path of `reference_ops::Softmax`): outputs recorded from LiteRT 2.3.0's
/// BUILTIN_REF resolver, upstream's own unit-test values, and a plain-integer reference written
/// here from upstream's code on random inputs.
@Suite("Quantized softmax")
struct QuantizedSoftmaxTests {
  typealias T = SingleOpModel.Tensor
  static let softmax: Int32 = 25
  static let uint8: Int8 = 3
  static let int8: Int8 = 9
  static let int16: Int8 = 7

  /// The output quantization upstream's tests (and converters) give each output type.
  static func outputQuantization(_ type: Int8) -> (
    scales: [Float], zeroPoints: [Int64], dimension: Int32
  ) {
    switch type {
    case int8: return ([1.0 / 256], [-128], 0)
    case int16: return ([1.0 / 65536], [-32768], 0)
    default: return ([1.0 / 256], [0], 0)
    }
  }

  static func model(
    input: Int8, output: Int8, shape: [Int], scale: Float, zeroPoint: Int64 = 0, beta: Float?,
    outputQuantization: (scales: [Float], zeroPoints: [Int64], dimension: Int32)? = nil
  ) -> [UInt8] {
    SingleOpModel.build(
      builtin: softmax, options: beta.map { (9, .table([0: .float($0)])) },
      inputs: [T("x", type: input, shape: shape, quantization: ([scale], [zeroPoint], 0))],
      outputs: [
        T(
          "y", type: output, shape: shape,
          quantization: outputQuantization ?? Self.outputQuantization(output))
      ])
  }

  /// Stored values as little-endian bytes of `type`.
  static func encode(_ values: [Int], _ type: Int8) -> [UInt8] {
    switch type {
    case int8: return values.map { UInt8(bitPattern: Int8($0)) }
    case int16: return SingleOpModel.bytes(values.map { Int16($0) })
    default: return values.map { UInt8($0) }
    }
  }

  /// Bytes of `type` as stored values.
  static func decode(_ bytes: [UInt8], _ type: Int8) -> [Int] {
    switch type {
    case int8: return bytes.map { Int(Int8(bitPattern: $0)) }
    case int16:
      return stride(from: 0, to: bytes.count - 1, by: 2).map {
        Int(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))
      }
    default: return bytes.map(Int.init)
    }
  }

  static func run(
    _ values: [Int], input: Int8, output: Int8, shape: [Int], scale: Float, beta: Float,
    threads: Int = 1
  ) throws -> [Int] {
    let bytes = model(input: input, output: output, shape: shape, scale: scale, beta: beta)
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, bytes: encode(values, input))
    try interpreter.invoke()
    return decode(try interpreter.outputBytes(at: 0), output)
  }

  @Test(
    "beta · scale · 2^26 at or below 1, beta 0 included (TFLite's reference aborts; LiteRT runs it): near-uniform rows"
  )
  func tinyScale() throws {
    // 1e-9 · 2^26 rounds every difference to 0: each of 4 values gets 1/4 (64/256).
    let tiny = try Self.run(
      [0, 255, 17, 200], input: Self.uint8, output: Self.uint8, shape: [4], scale: 1e-9, beta: 1)
    #expect(tiny == [64, 64, 64, 64])
    // Beta 0 (also the value when the options are absent) likewise.
    let zero = try Self.run(
      [0, 255, 17, 200], input: Self.uint8, output: Self.uint8, shape: [4], scale: 0.1, beta: 0)
    #expect(zero == [64, 64, 64, 64])
    // Just below one (scale 1.4e-8: beta · scale · 2^26 ≈ 0.94): a difference of 255 is
    // rescaled to −240 / 2^26, still e^(−3.6e-6), so the row stays at 1/8 each in int8.
    let small = try Self.run(
      [-128, 127, 0, 5, -128, 127, 0, 5], input: Self.int8, output: Self.int8, shape: [8],
      scale: 1.4e-8, beta: 1)
    #expect(small == Array(repeating: -96, count: 8))
  }

  // MARK: - Recorded and hand-checked outputs

  @Test("upstream's Softmax4DInt8 unit test gives its exact bytes")
  func upstreamInt8() throws {
    // Input range [-10, 10] in int8: scale 20/255, zero point 0; beta 0.1. The float inputs
    // {0, -6, 2, 4 | 3, -2, 10, 1} quantize to these values.
    let scale: Float = 20.0 / 255.0
    let y = try Self.run(
      [0, -77, 26, 51, 38, -26, 127, 13], input: Self.int8, output: Self.int8, shape: [1, 2, 1, 4],
      scale: scale, beta: 0.1)
    #expect(y == [-68, -95, -54, -38, -70, -93, -12, -81])
  }

  /// (input type, output type, input scale, beta, inputs of a [2, 10] tensor, outputs) recorded
  /// from LiteRT 2.3.0 with the BUILTIN_REF resolver (input zero point 7, which softmax ignores).
  static let recorded: [(Int8, Int8, Float, Float, [Int], [Int])] = [
    (
      uint8, uint8, 0.1, 1,
      [241, 160, 175, 255, 148, 198, 213, 57, 14, 76, 72, 223, 233, 1, 127, 210, 33, 0, 30, 119],
      [50, 0, 0, 202, 0, 1, 3, 0, 0, 0, 0, 64, 174, 0, 0, 17, 0, 0, 0, 0]
    ),
    (
      uint8, uint8, 0.1, 0.5,
      [
        209, 77, 87, 255, 184, 65, 253, 113, 122, 129, 149, 141, 130, 254, 206, 202, 179, 0, 87,
        253,
      ],
      [13, 0, 0, 126, 4, 0, 114, 0, 0, 0, 1, 0, 0, 119, 11, 9, 3, 0, 0, 113]
    ),
    (
      uint8, uint8, 0.1, 2,
      [119, 55, 216, 255, 219, 156, 29, 11, 113, 9, 36, 131, 248, 119, 206, 234, 210, 0, 112, 131],
      [0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 241, 0, 0, 15, 0, 0, 0, 0]
    ),
    (
      uint8, uint8, 0.02, 1,
      [68, 127, 97, 255, 254, 3, 24, 49, 248, 177, 225, 51, 184, 94, 125, 0, 158, 0, 169, 39],
      [2, 6, 3, 79, 78, 1, 1, 1, 69, 17, 111, 3, 49, 8, 15, 1, 29, 1, 36, 3]
    ),
    (
      uint8, uint8, 0.5, 1,
      [
        136, 68, 247, 255, 47, 130, 240, 216, 181, 163, 10, 189, 121, 23, 62, 138, 186, 0, 156, 223,
      ],
      [0, 0, 5, 251, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]
    ),
    (
      int8, int8, 0.05, 1,
      [
        47, -36, 36, 127, -101, -113, 41, -29, 25, -46, -71, -90, -31, 80, -26, -31, 19, -128, -28,
        23,
      ],
      [
        -124, -128, -125, 116, -128, -128, -125, -128, -127, -128, -128, -128, -127, 100, -127,
        -127, -117, -128, -127, -115,
      ]
    ),
    (
      int8, int8, 0.25, 2,
      [
        -16, 26, -14, 127, 12, 45, 116, -90, 15, -16, -37, -67, -115, -25, 83, -104, -25, -128, 115,
        -73,
      ],
      [
        -128, -128, -128, 127, -128, -128, -127, -128, -128, -128, -128, -128, -128, -128, -128,
        -128, -128, -128, 127, -128,
      ]
    ),
    (
      uint8, int16, 0.1, 1,
      [1, 171, 3, 255, 127, 223, 23, 169, 136, 33, 216, 216, 123, 241, 155, 231, 245, 0, 71, 37],
      [
        -32768, -32754, -32768, 30176, -32768, -30202, -32768, -32756, -32768, -32768, -30989,
        -30989, -32768, -11097, -32764, -24796, -438, -32768, -32768, -32768,
      ]
    ),
    (
      int8, int16, 0.07, 0.5,
      [
        16, -79, 64, 127, -66, 13, -116, -82, -32, 98, 120, 36, 21, 17, -113, -32, 123, -128, -74,
        -67,
      ],
      [
        -31881, -32736, -28009, 10396, -32718, -31969, -32759, -32739, -32603, -17125, -3379,
        -31214, -31849, -31969, -32760, -32624, -125, -32763, -32735, -32726,
      ]
    ),
  ]

  @Test("outputs recorded from LiteRT's reference kernel, for uint8, int8 and int16 outputs")
  func recordedOutputs() throws {
    for (input, output, scale, beta, values, expected) in Self.recorded {
      let bytes = Self.model(
        input: input, output: output, shape: [2, 10], scale: scale, zeroPoint: 7, beta: beta)
      let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
      try interpreter.setInput(at: 0, bytes: Self.encode(values, input))
      try interpreter.invoke()
      let y = Self.decode(try interpreter.outputBytes(at: 0), output)
      #expect(y == expected, "input \(input) output \(output) scale \(scale) beta \(beta)")
      #expect(
        y
          == Self.reference(
            values, input: input, output: output, depth: 10, scale: scale, beta: beta))
    }
  }

  @Test("a 1001-class row at a real classifier's input scale matches LiteRT's reference kernel")
  func classifierRow() throws {
    // Coral MobileNet v1 0.25's softmax input: scale 0.13083284, zero point 96, 1001 classes.
    let logits = (0..<1001).map { ((($0 * 37 + 11) % 256) / 2) + ($0 % 97 == 5 ? 100 : 0) }
    let y = try Self.run(
      logits, input: Self.uint8, output: Self.uint8, shape: [1, 1001], scale: 0.13083284, beta: 1)
    // Recorded from LiteRT 2.3.0 (BUILTIN_REF): every other output is 0.
    let nonzero = [
      5: 3, 102: 4, 199: 6, 296: 7, 393: 11, 490: 14, 587: 20, 684: 26, 781: 39, 878: 51, 975: 75,
    ]
    #expect(y.count == 1001)
    for (index, value) in y.enumerated() {
      #expect(value == nonzero[index, default: 0], "class \(index)")
    }
  }

  @Test("a row of equal values splits evenly; one dominant value takes everything")
  func handChecked() throws {
    // Four equal logits: 1/4 = 64/256 each.
    #expect(
      try Self.run(
        [9, 9, 9, 9], input: Self.uint8, output: Self.uint8, shape: [4], scale: 0.1, beta: 1)
        == [64, 64, 64, 64])
    #expect(
      try Self.run([-5, -5], input: Self.int8, output: Self.int8, shape: [2], scale: 0.1, beta: 1)
        == [0, 0])  // 1/2 = 128/256, minus 128.
    // A difference of 255 · 0.5 = 127.5 leaves exp(-127.5) ≈ 0: the winner saturates at 255.
    #expect(
      try Self.run(
        [255, 0], input: Self.uint8, output: Self.uint8, shape: [2], scale: 0.5, beta: 1)
        == [255, 0])
    // A single element has probability 1, saturating at the top of the type.
    #expect(
      try Self.run([17], input: Self.uint8, output: Self.uint8, shape: [1, 1], scale: 0.3, beta: 2)
        == [255])
    #expect(
      try Self.run([-3], input: Self.int8, output: Self.int16, shape: [1], scale: 0.3, beta: 2)
        == [32767])
  }

  // MARK: - Independent reference on random inputs

  @Test(
    "random inputs over the full uint8 range, several scales, zero points and betas, match the reference"
  )
  func randomUInt8() throws {
    var generator = SplitMix64(seed: 2024)
    let shapes = [[1, 1001], [3, 17], [2, 5, 9], [7], [4, 256], [2, 1, 3, 40]]
    var index = 0
    for scale: Float in [0.005, 0.02, 0.0784, 0.13083284, 0.5, 2] {
      for beta: Float in [0.5, 1, 2] {
        let shape = shapes[index % shapes.count]
        let count = shape.reduce(1, *)
        // Alternate uniform inputs with clustered ones (many values near the row maximum).
        let center = Int.random(in: 0...255, using: &generator)
        let values = (0..<count).map { _ in
          index % 2 == 0
            ? Int.random(in: 0...255, using: &generator)
            : min(255, max(0, center + Int.random(in: -12...12, using: &generator)))
        }
        let zeroPoint = Int64([0, 128, 255][index % 3])
        let bytes = Self.model(
          input: Self.uint8, output: Self.uint8, shape: shape, scale: scale, zeroPoint: zeroPoint,
          beta: beta)
        let interpreter = try ModelInterpreter(
          model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: 1 + index % 3))
        try interpreter.setInput(at: 0, bytes: Self.encode(values, Self.uint8))
        try interpreter.invoke()
        let y = Self.decode(try interpreter.outputBytes(at: 0), Self.uint8)
        let expected = Self.reference(
          values, input: Self.uint8, output: Self.uint8, depth: shape.last ?? 1, scale: scale,
          beta: beta)
        #expect(y == expected, "scale \(scale) beta \(beta) shape \(shape)")
        index += 1
      }
    }
  }

  @Test("random int8 inputs, and int16 outputs from both input types, match the reference")
  func randomInt8AndInt16() throws {
    var generator = SplitMix64(seed: 77)
    for (index, (input, output)) in [
      (Self.int8, Self.int8), (Self.int8, Self.int16), (Self.uint8, Self.int16),
      (Self.int8, Self.int8), (Self.int8, Self.int16), (Self.uint8, Self.int16),
    ].enumerated() {
      let shape = [[5, 33], [2, 3, 64], [1, 1001]][index % 3]
      let count = shape.reduce(1, *)
      let range = input == Self.int8 ? -128...127 : 0...255
      let values = (0..<count).map { _ in Int.random(in: range, using: &generator) }
      let scale: Float = [0.01, 0.0625, 0.3][index % 3]
      let beta: Float = [1, 0.5, 2][index % 3]
      let y = try Self.run(
        values, input: input, output: output, shape: shape, scale: scale, beta: beta,
        threads: 1 + index % 2)
      #expect(
        y
          == Self.reference(
            values, input: input, output: output, depth: shape.last ?? 1, scale: scale, beta: beta),
        "\(input) -> \(output) shape \(shape)")
    }
  }

  @Test("the result does not depend on the thread count")
  func threads() throws {
    var generator = SplitMix64(seed: 5)
    let values = (0..<(64 * 100)).map { _ in Int.random(in: 0...255, using: &generator) }
    let one = try Self.run(
      values, input: Self.uint8, output: Self.uint8, shape: [64, 100], scale: 0.1, beta: 1)
    let four = try Self.run(
      values, input: Self.uint8, output: Self.uint8, shape: [64, 100], scale: 0.1, beta: 1,
      threads: 4)
    #expect(one == four)
  }

  @Test("a uint8 output ignores its declared quantization, as upstream does")
  func uint8OutputParameters() throws {
    let values = [3, 200, 150, 255, 0]
    let bytes = Self.model(
      input: Self.uint8, output: Self.uint8, shape: [5], scale: 0.05, beta: 1,
      outputQuantization: ([0.5], [100], 0))
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    try interpreter.setInput(at: 0, bytes: Self.encode(values, Self.uint8))
    try interpreter.invoke()
    #expect(
      Self.decode(try interpreter.outputBytes(at: 0), Self.uint8)
        == Self.reference(
          values, input: Self.uint8, output: Self.uint8, depth: 5, scale: 0.05, beta: 1))
  }

  @Test("rows whose exponentials sum past 511, where TFLite aborts, give 0")
  func beyondUpstream() throws {
    // 600 equal logits: each probability is 1/600 < 1/512, which TFLite's check rejects at run
    // time; the rounded result is 0.
    let y = try Self.run(
      [Int](repeating: 40, count: 600), input: Self.uint8, output: Self.uint8, shape: [1, 600],
      scale: 0.1, beta: 1)
    #expect(y == [Int](repeating: 0, count: 600))
    // 511 equal logits are still computed: 256/511 rounds to 1 (0.501 of a step).
    let z = try Self.run(
      [Int](repeating: -7, count: 511), input: Self.int8, output: Self.int8, shape: [511],
      scale: 0.1, beta: 1)
    #expect(
      z
        == Self.reference(
          [Int](repeating: -7, count: 511), input: Self.int8, output: Self.int8, depth: 511,
          scale: 0.1, beta: 1))
  }

  @Test("empty tensors run and produce nothing")
  func empty() throws {
    #expect(
      try Self.run([], input: Self.uint8, output: Self.uint8, shape: [0, 5], scale: 0.1, beta: 1)
        == [])
    #expect(
      try Self.run([], input: Self.int8, output: Self.int8, shape: [3, 0], scale: 0.1, beta: 1)
        == [])
  }

  // MARK: - Load errors

  @Test("bad output quantization, types, beta and ranks are rejected at load")
  func loadErrors() throws {
    func error(_ bytes: [UInt8]) throws -> InterpreterError {
      try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    // int8 outputs must be scale 1/256, zero point -128 (as TFLite's SoftmaxPrepare).
    let zeroPoint = Self.model(
      input: Self.int8, output: Self.int8, shape: [4], scale: 0.1, beta: 1,
      outputQuantization: ([1.0 / 256], [0], 0))
    #expect(try error(zeroPoint).description.contains("-128"))
    let scale = Self.model(
      input: Self.int8, output: Self.int8, shape: [4], scale: 0.1, beta: 1,
      outputQuantization: ([1.0 / 128], [-128], 0))
    #expect(try error(scale).description.contains("1/256"))
    // Mixed 8-bit types.
    let mixed = Self.model(input: Self.uint8, output: Self.int8, shape: [4], scale: 0.1, beta: 1)
    guard case .unsupportedNode = try error(mixed) else {
      Issue.record("expected unsupportedNode")
      return
    }
    let infinite = Self.model(
      input: Self.uint8, output: Self.uint8, shape: [4], scale: 0.1, beta: .infinity)
    #expect(try error(infinite).description.contains("beta"))
    // A scalar has no last dimension.
    let scalar = Self.model(input: Self.uint8, output: Self.uint8, shape: [], scale: 0.1, beta: 1)
    #expect(try error(scalar).description.contains("rank 1 or more"))
    // Per-channel, missing and non-positive input quantization.
    let perChannel = SingleOpModel.build(
      builtin: Self.softmax, options: (9, .table([0: .float(1)])),
      inputs: [T("x", type: Self.uint8, shape: [2, 2], quantization: ([0.1, 0.2], [0, 0], 1))],
      outputs: [T("y", type: Self.uint8, shape: [2, 2], quantization: ([1.0 / 256], [0], 0))])
    #expect(try error(perChannel).description.contains("per channel"))
    let unquantized = SingleOpModel.build(
      builtin: Self.softmax, options: (9, .table([0: .float(1)])),
      inputs: [T("x", type: Self.uint8, shape: [4])],
      outputs: [T("y", type: Self.uint8, shape: [4], quantization: ([1.0 / 256], [0], 0))])
    #expect(try error(unquantized).description.contains("scale"))
    let negative = Self.model(
      input: Self.uint8, output: Self.uint8, shape: [4], scale: -0.1, beta: 1)
    #expect(try error(negative).description.contains("scale"))
    // int16 inputs are not supported.
    let int16 = Self.model(input: Self.int16, output: Self.int16, shape: [4], scale: 0.1, beta: 1)
    #expect(try error(int16).description.contains("int16"))
  }

  // MARK: - Plain-integer reference, written from upstream's code

  /// `reference_ops::Softmax<InputT, OutputT>` with `SoftmaxPrepare`'s parameters, row by row,
  /// recomputing every exponential (no tables).
  static func reference(
    _ values: [Int], input: Int8, output: Int8, depth: Int, scale: Float, beta: Float
  ) -> [Int] {
    // PreprocessSoftmaxScaling(beta, scale, 5): beta · scale · 2^26, at most 2^31 - 1.
    let real = min(Double(beta) * Double(scale) * Double(1 << 26), Double(Int32.max))
    let (fraction, exponent) = frexp(real)
    var multiplier = Int64((fraction * 2_147_483_648).rounded(.toNearestOrAwayFromZero))
    var leftShift = exponent
    if multiplier == 1 << 31 {
      multiplier /= 2
      leftShift += 1
    }
    // CalculateInputRadius(5, left_shift) = floor(31 · 2^26 / 2^left_shift).
    let diffMin = -Int(floor(31.0 * 67_108_864.0 / pow(2.0, Double(leftShift))))
    let (lowest, highest, bits): (Int, Int, Int) =
      switch output {
      case int8: (-128, 127, 8)
      case int16: (-32768, 32767, 16)
      default: (0, 255, 8)
      }
    var result: [Int] = []
    guard depth > 0 else { return [] }
    for start in stride(from: 0, to: values.count, by: depth) {
      let row = values[start..<start + depth]
      let maximum = row.max() ?? 0
      func scaledExp(_ x: Int) -> Int64? {
        let diff = x - maximum
        guard diff >= diffMin else { return nil }
        // MultiplyByQuantizedMultiplierGreaterThanOne, then exp in Q0.31 of a Q5.26 value.
        let rescaled = mulHigh(Int64(diff) << Int64(leftShift), multiplier)
        return expOnNegativeValues(rescaled, integerBits: 5)
      }
      var sum: Int64 = 0  // Q12.19
      for x in row {
        if let e = scaledExp(x) { sum += roundingShiftRight(e, 12) }
      }
      // GetReciprocal(sum, 12).
      let headroomPlusOne = UInt32(sum).leadingZeroBitCount
      let numBitsOverUnit = 12 - headroomPlusOne
      let shiftedSumMinusOne = Int64(
        Int32(truncatingIfNeeded: (sum << Int64(headroomPlusOne)) - (1 << 31)))
      let shiftedScale = oneOverOnePlusX(shiftedSumMinusOne)
      let shift = numBitsOverUnit + 31 - bits
      for x in row {
        guard let e = scaledExp(x) else {
          result.append(lowest)
          continue
        }
        let unsaturated = Int(roundingShiftRight(mulHigh(shiftedScale, e), shift))
        result.append(min(max(unsaturated + lowest, lowest), highest))
      }
    }
    return result
  }

  /// SaturatingRoundingDoublingHighMul: round(a · b / 2^31), halves rounded up.
  static func mulHigh(_ a: Int64, _ b: Int64) -> Int64 {
    if a == Int64(Int32.min) && b == Int64(Int32.min) { return Int64(Int32.max) }
    return (a * b + (1 << 30)) >> 31
  }

  /// RoundingDivideByPOT: x / 2^n rounded to nearest, halves away from zero.
  static func roundingShiftRight(_ x: Int64, _ n: Int) -> Int64 {
    guard n > 0 else { return x }
    let magnitude = (abs(x) + (1 << Int64(n - 1))) >> Int64(n)
    return x < 0 ? -magnitude : magnitude
  }

  /// Saturating x · 2^n into int32.
  static func saturatingShiftLeft(_ x: Int64, _ n: Int) -> Int64 {
    min(max(x << Int64(n), Int64(Int32.min)), Int64(Int32.max))
  }

  /// gemmlowp `exp_on_negative_values` for a value with `integerBits` integer bits.
  static func expOnNegativeValues(_ a: Int64, integerBits: Int) -> Int64 {
    let fractionalBits = 31 - integerBits
    let quarter: Int64 = 1 << Int64(fractionalBits - 2)
    let aModQuarterMinusQuarter = (a & (quarter - 1)) - quarter
    // exp on [-1/4, 0): Taylor series around -1/8, in Q0.31.
    let x = saturatingShiftLeft(aModQuarterMinusQuarter, integerBits) + (1 << 28)
    let x2 = mulHigh(x, x)
    let x3 = mulHigh(x2, x)
    let x4 = mulHigh(x2, x2)
    let x4Over4 = roundingShiftRight(x4, 2)
    let sum = roundingShiftRight(mulHigh(x4Over4 + x3, 715_827_883) + x2, 1)
    var result = 1_895_147_668 + mulHigh(1_895_147_668, x + sum)
    let remainder = aModQuarterMinusQuarter - a
    let constants: [Int64] = [
      1_672_461_947, 1_302_514_674, 790_015_084, 290_630_308, 39_332_535, 720_401, 242,
    ]
    for (k, constant) in constants.enumerated() where integerBits > k - 2 {
      if remainder & (1 << Int64(fractionalBits + k - 2)) != 0 {
        result = mulHigh(result, constant)
      }
    }
    return a == 0 ? Int64(Int32.max) : result
  }

  /// gemmlowp `one_over_one_plus_x_for_x_in_0_1`, Q0.31 in and out.
  static func oneOverOnePlusX(_ a: Int64) -> Int64 {
    let sum = a + Int64(Int32.max)
    let halfDenominator = (sum + (sum >= 0 ? 1 : -1)) / 2
    var x = 1_515_870_810 + mulHigh(halfDenominator, -1_010_580_540)  // Q2.29
    for _ in 0..<3 {
      let oneMinus = (1 << 29) - mulHigh(halfDenominator, x)
      x += saturatingShiftLeft(mulHigh(x, oneMinus), 2)
    }
    return saturatingShiftLeft(x, 1)
  }
}
