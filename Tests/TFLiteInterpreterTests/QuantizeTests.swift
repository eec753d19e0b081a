import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// QUANTIZE (float32 to uint8/int8/int16, and requantization between integer types) and
/// ARG_MAX/ARG_MIN on quantized tensors, bit-exact with TFLite's reference kernels.
@Suite("QUANTIZE and quantized ARG_MAX/ARG_MIN")
struct QuantizeTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let quantize: Int32 = 114
  static let argMax: Int32 = 56
  static let argMin: Int32 = 79

  static func quantizeFloats(
    _ values: [Float], shape: [Int]? = nil, to type: Int8,
    q: (scales: [Float], zeroPoints: [Int64], dimension: Int32), threads: Int = 1
  ) throws -> [Int32] {
    let bytes = try R.run(
      quantize, nil, inputs: [T("x", type: R.float32, shape: shape ?? [values.count])],
      output: T("y", type: type, shape: [], quantization: q), data: [SingleOpModel.bytes(values)],
      threads: threads)
    return R.decode(bytes, type)
  }

  static func requantize(
    _ data: [UInt8], count: Int, from: Int8, _ qa: (Float, Int64), to: Int8, _ qb: (Float, Int64)
  ) throws -> [Int32] {
    R.decode(
      try R.run(
        quantize, nil, inputs: [T("x", type: from, shape: [count], quantization: R.q(qa.0, qa.1))],
        output: T("y", type: to, shape: [], quantization: R.q(qb.0, qb.1)), data: [data]), to)
  }

  /// reference_ops::AffineQuantize for one value, as x86-64 runs it.
  static func affine(_ value: Float, scale: Float, zero: Int64, type: Int8) -> Int32 {
    let rounded = (value / scale).rounded(.toNearestOrAwayFromZero)
    let integer = rounded >= -2_147_483_648 && rounded < 2_147_483_648 ? Int32(rounded) : Int32.min
    let range = R.range(type)
    return min(max(integer &+ Int32(zero), range.lowerBound), range.upperBound)
  }

  @Test("matches LiteRT 2.3.0 BUILTIN_REF outputs, including ties, infinities and NaN")
  func liteRTGoldens() throws {
    let unsigned = try Self.quantizeFloats(
      [
        0, 0.25, 0.75, -0.25, -0.75, 63.75, 64.0, -64.25, 1e30, -1e30, .infinity, -.infinity, .nan,
        1.2345,
      ],
      to: R.uint8, q: R.q(0.5, 128))
    #expect(unsigned == [128, 129, 130, 127, 126, 255, 255, 0, 0, 0, 0, 0, 0, 130])
    // With zero point −128, x86-64's Int32.min for out-of-range values wraps to the top.
    let signed = try Self.quantizeFloats(
      [1e30, -1e30, .nan, 0.05, -0.05, 25.45], to: R.int8, q: R.q(0.1, -128))
    #expect(signed == [127, 127, 127, -127, -128, 127])
    let narrowed = try Self.requantize(
      R.u8([0, 1, 99, 100, 101, 200, 255]), count: 7, from: R.uint8, (0.3, 100), to: R.int8,
      (0.7, -20))
    #expect(R.encode(narrowed, R.int8) == [193, 193, 235, 236, 237, 23, 47])
    let widened = try Self.requantize(
      R.i8([-128, -1, 5, 6, 127]), count: 5, from: R.int8, (0.02, 5), to: R.int16, (0.0001, 0))
    #expect(R.encode(widened, R.int16) == [24, 152, 80, 251, 0, 0, 200, 0, 80, 95])
  }

  @Test("float to integers rounds half away from zero and saturates at both ends")
  func handChecked() throws {
    // Scale 0.5: x / 0.5 = 2x; ties (±0.25 → ±0.5) go away from zero.
    #expect(
      try Self.quantizeFloats([0.25, -0.25, 0.74, 100, -100, 63.5], to: R.uint8, q: R.q(0.5, 0))
        == [1, 0, 1, 200, 0, 127])
    #expect(
      try Self.quantizeFloats([0.25, -0.25, 100, -100], to: R.int8, q: R.q(0.5, 127)) == [
        127, 126, 127, -73,
      ])
    #expect(
      try Self.quantizeFloats([0.25, -0.25, 1e4, -1e4], to: R.int16, q: R.q(0.5, 0)) == [
        1, -1, 20000, -20000,
      ])
    #expect(try Self.quantizeFloats([1e5, -1e5], to: R.int16, q: R.q(0.5, 0)) == [32767, -32768])
    #expect(try Self.quantizeFloats([-1, 1, 2], to: R.uint8, q: R.q(1, 255)) == [254, 255, 255])
    // Beyond the int32 range, x86-64's conversion gives Int32.min (then clamped), whatever the
    // sign, as LiteRT on x86-64 does.
    #expect(try Self.quantizeFloats([3e9, -3e9, 1e9], to: R.uint8, q: R.q(1, 0)) == [0, 0, 255])
  }

  @Test("per-channel quantization uses each channel's scale, even orders of magnitude apart")
  func perChannel() throws {
    let values: [Float] = [0.00015, 1.5, 150, 0.00025, -2.5, -250]
    // Shape [2, 3], quantized along dimension 1 with scales 1e-4, 1, 100.
    let got = try Self.quantizeFloats(
      values, shape: [2, 3], to: R.int8, q: ([1e-4, 1, 100], [0, 0, 0], 1))
    let expected = values.enumerated().map { index, value in
      Self.affine(value, scale: [1e-4, 1, 100][index % 3], zero: 0, type: R.int8)
    }
    #expect(got == expected)
    #expect(got == [2, 2, 2, 3, -3, -3])
    // Along dimension 0, with uint8 zero points per channel.
    let rows = try Self.quantizeFloats(
      values, shape: [2, 3], to: R.uint8, q: ([0.01, 10], [0, 128], 0))
    #expect(rows == [0, 150, 255, 128, 128, 103])
  }

  @Test("requantization between uint8 and int8 is exact when only the zero point moves by 128")
  func signFlip() throws {
    let bytes = (0...255).map { UInt8($0) }
    let flipped = try Self.requantize(
      bytes, count: 256, from: R.uint8, (0.05, 130), to: R.int8, (0.05, 2))
    #expect(flipped == (0...255).map { Int32($0) - 128 })
    let back = try Self.requantize(
      bytes, count: 256, from: R.int8, (0.05, -3), to: R.uint8, (0.05, 125))
    #expect(back == (0...255).map { Int32(Int8(truncatingIfNeeded: $0)) + 128 })
    // Same type, halving the scale: q' = 2(q − z) + z', saturating.
    let doubled = try Self.requantize(
      R.u8([0, 10, 11, 140, 255]), count: 5, from: R.uint8, (0.5, 10), to: R.uint8, (0.25, 0))
    #expect(doubled == [0, 0, 2, 255, 255])
  }

  @Test("random values and parameters match the reference formulas for every type pair")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0x0A17)
    let pairs: [(Int8, Int8)] = [
      (R.float32, R.uint8), (R.float32, R.int8), (R.float32, R.int16), (R.uint8, R.uint8),
      (R.uint8, R.int8),
      (R.uint8, R.int16), (R.int8, R.int8), (R.int8, R.uint8), (R.int8, R.int16), (R.int16, R.int8),
      (R.int16, R.int16), (R.int16, R.int32), (R.int32, R.int8), (R.int32, R.int16),
    ]
    for round in 0..<140 {
      let (from, to) = pairs[round % pairs.count]
      let count = Int.random(in: 1...40, using: &rng)
      var qb = (
        R.randomScale(&rng),
        to == R.uint8 || to == R.int8
          ? R.randomZeroPoint(to, &rng) : Int64.random(in: -50...50, using: &rng)
      )
      var qa = (
        R.randomScale(&rng),
        from == R.uint8 || from == R.int8
          ? R.randomZeroPoint(from, &rng) : Int64.random(in: -50...50, using: &rng)
      )
      if from == R.int16 && to == R.int16 { (qa.1, qb.1) = (0, 0) }
      if from == R.float32 {
        var values = (0..<count).map { _ in
          Float.random(in: -4...4, using: &rng) * qb.0 * Float(Int.random(in: 1...300, using: &rng))
        }
        for i in stride(from: 0, to: count, by: 4) {
          values[i] = (Float(Int.random(in: -300...300, using: &rng)) + 0.5) * qb.0
        }
        let got = try Self.quantizeFloats(
          values, to: to, q: R.q(qb.0, qb.1), threads: 1 + round % 2)
        #expect(
          got == values.map { Self.affine($0, scale: qb.0, zero: qb.1, type: to) }, "round \(round)"
        )
        continue
      }
      var data = R.randomBytes(count, from, &rng)
      if from == R.int32 {
        data = R.encode(
          (0..<count).map { _ in Int32.random(in: -100_000...100_000, using: &rng) }, R.int32)
      }
      let got = try Self.requantize(data, count: count, from: from, qa, to: to, qb)
      let (multiplier, shift) = R.quantizeMultiplier(Double(qa.0) / Double(qb.0))
      let range = R.range(to)
      let expected = R.decode(data, from).map { value in
        min(
          max(
            R.multiplyByQuantizedMultiplier(value - Int32(qa.1), multiplier, shift) + Int32(qb.1),
            range.lowerBound), range.upperBound)
      }
      #expect(got == expected, "round \(round): \(from) → \(to)")
    }
  }

  @Test("ARG_MAX and ARG_MIN on int8 and uint8 compare stored values; the first index wins ties")
  func argMinMax() throws {
    func run(_ builtin: Int32, _ type: Int8, _ data: [UInt8], shape: [Int], axis: Int32) throws
      -> [Int32]
    {
      let bytes = try R.run(
        builtin, (builtin == Self.argMax ? 40 : 57, .table([0: .int8(R.int32)])),
        inputs: [
          T("x", type: type, shape: shape, quantization: R.q(0.1, type == R.uint8 ? 128 : -5)),
          .int32("axis", [1], [axis]),
        ],
        output: T("y", type: R.int32, shape: []), data: [data])
      return R.decode(bytes, R.int32)
    }
    let signed = R.i8([-128, 5, 5, -1, 127, -128])
    #expect(try run(Self.argMax, R.int8, signed, shape: [2, 3], axis: 1) == [1, 1])
    #expect(try run(Self.argMin, R.int8, signed, shape: [2, 3], axis: 1) == [0, 2])
    #expect(try run(Self.argMax, R.int8, signed, shape: [2, 3], axis: 0) == [1, 1, 0])
    #expect(try run(Self.argMin, R.uint8, R.u8([200, 0, 255, 0]), shape: [4], axis: -1) == [1])
  }

  @Test("unsupported type pairs and parameters fail at load")
  func rejections() throws {
    func error(
      from: Int8, _ qa: (Float, Int64)?, to: Int8,
      _ qb: (scales: [Float], zeroPoints: [Int64], dimension: Int32)?
    ) throws -> String {
      let failure = try R.loadError(
        Self.quantize, nil,
        inputs: [T("x", type: from, shape: [2, 3], quantization: qa.map { R.q($0.0, $0.1) })],
        output: T("y", type: to, shape: [], quantization: qb))
      return "\(failure)"
    }
    #expect(try error(from: R.float32, nil, to: R.uint8, nil).contains("no quantization"))
    #expect(try error(from: R.float32, nil, to: R.int32, R.q(0.5, 0)).contains("not supported"))
    #expect(try error(from: R.uint8, (0.5, 0), to: R.int32, R.q(0.5, 0)).contains("not supported"))
    #expect(
      try error(from: R.int16, (0.5, 1), to: R.int16, R.q(0.5, 0)).contains("zero points of 0"))
    #expect(
      try error(from: R.float32, nil, to: R.int8, ([0.5, 0.25], [0, 0], 1)).contains("do not match")
    )
    #expect(try error(from: R.float32, nil, to: R.int8, R.q(0, 0)).contains("scale"))
    #expect(try error(from: R.float32, nil, to: R.uint8, R.q(0.5, 256)).contains("zero point"))
    #expect(try error(from: R.uint8, nil, to: R.int8, R.q(0.5, 0)).contains("scale"))
  }
}
