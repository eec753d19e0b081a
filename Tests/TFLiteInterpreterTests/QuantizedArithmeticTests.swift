import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// ADD, SUB, MUL, MAXIMUM and MINIMUM on uint8/int8 (and int16 MAXIMUM/MINIMUM), bit-exact
/// with TFLite's reference kernels.
@Suite("Quantized elementwise arithmetic")
struct QuantizedArithmeticTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let add: Int32 = 0
  static let mul: Int32 = 18
  static let sub: Int32 = 41
  static let maximum: Int32 = 55
  static let minimum: Int32 = 57
  static let div: Int32 = 42

  /// (builtin, options union tag) per operator.
  static func tag(_ builtin: Int32) -> UInt8 {
    switch builtin {
    case add: return 11
    case sub: return 28
    case mul: return 21
    default: return 39
    }
  }

  static func options(_ builtin: Int32, activation: Int8) -> (UInt8, TestFlatBuffer) {
    (tag(builtin), .table(tag(builtin) == 39 ? [:] : [0: .int8(activation)]))
  }

  static func run(
    _ builtin: Int32, type: Int8, _ a: (shape: [Int], q: (Float, Int64), data: [UInt8]),
    _ b: (shape: [Int], q: (Float, Int64), data: [UInt8]), out: (Float, Int64),
    activation: Int8 = 0, threads: Int = 1, kernels: KernelSet? = nil
  ) throws -> [UInt8] {
    try R.run(
      builtin, options(builtin, activation: activation),
      inputs: [
        T("a", type: type, shape: a.shape, quantization: R.q(a.q.0, a.q.1)),
        T("b", type: type, shape: b.shape, quantization: R.q(b.q.0, b.q.1)),
      ], output: T("y", type: type, shape: [], quantization: R.q(out.0, out.1)),
      data: [a.data, b.data], threads: threads, kernels: kernels)
  }

  /// TFLite's reference kernels for one element, following add.h / sub.h / mul.h.
  static func reference(
    _ builtin: Int32, type: Int8, a: Int32, b: Int32, qa: (Float, Int64), qb: (Float, Int64),
    out: (Float, Int64), activation: Int8
  ) -> Int32 {
    let (low, high) = R.activationRange(
      activation, scale: out.0, zeroPoint: Int32(out.1), type: type)
    let clamp = { (x: Int32) in min(high, max(low, x)) }
    switch builtin {
    case maximum: return a > b ? a : b
    case minimum: return a < b ? a : b
    case mul:
      let real = Double(qa.0 * qb.0 / out.0)
      let (m, s) = R.quantizeMultiplier(real)
      let product = (a - Int32(qa.1)) * (b - Int32(qb.1))
      return clamp(R.multiplyByQuantizedMultiplier(product, m, s) + Int32(out.1))
    default:
      let twiceMax = Double(2 * max(qa.0, qb.0))
      let (m1, s1) = R.quantizeMultiplier(Double(qa.0) / twiceMax)
      let (m2, s2) = R.quantizeMultiplier(Double(qb.0) / twiceMax)
      let (mo, so) = R.quantizeMultiplier(twiceMax / Double(Float(1 << 20) * out.0))
      let scaled1 = R.multiplyByQuantizedMultiplier((a - Int32(qa.1)) * (1 << 20), m1, s1)
      let scaled2 = R.multiplyByQuantizedMultiplier((b - Int32(qb.1)) * (1 << 20), m2, s2)
      let raw = builtin == add ? scaled1 + scaled2 : scaled1 - scaled2
      return clamp(R.multiplyByQuantizedMultiplier(raw, mo, so) + Int32(out.1))
    }
  }

  // MARK: LiteRT goldens

  @Test("matches LiteRT 2.3.0 BUILTIN_REF outputs for fixed cases")
  func liteRTGoldens() throws {
    // ADD uint8 with broadcasting and RELU6.
    #expect(
      try Self.run(
        Self.add, type: R.uint8, ([2, 3], (0.05, 128), R.u8([0, 17, 128, 200, 255, 90])),
        ([3], (0.1, 100), R.u8([255, 0, 140])), out: (0.08, 120), activation: 3)
        == [195, 120, 170, 195, 120, 146])
    // SUB int8 with broadcasting and RELU_N1_TO_1.
    #expect(
      try Self.run(
        Self.sub, type: R.int8,
        ([2, 2, 2], (0.02, -128), R.i8([-128, -1, 0, 1, 64, 100, 127, -64])),
        ([1, 2, 1], (0.015, 5), R.i8([127, -128])), out: (0.03, 10), activation: 2)
        == [233, 34, 43, 43, 43, 43, 43, 43])
    // MUL uint8 by a scalar.
    #expect(
      try Self.run(
        Self.mul, type: R.uint8, ([4], (0.5, 128), R.u8([0, 64, 128, 255])),
        ([1], (0.25, 0), R.u8([200])),
        out: (1.0, 127)) == [0, 0, 127, 255])
    // MUL int8 with broadcasting and RELU.
    #expect(
      try Self.run(
        Self.mul, type: R.int8, ([2, 3], (0.1, 0), R.i8([-128, -100, -1, 0, 50, 127])),
        ([2, 1], (0.1, -20), R.i8([-128, 127])), out: (0.05, 0), activation: 1)
        == [127, 127, 22, 0, 127, 127])
  }

  // MARK: Hand-checked

  @Test("ADD and SUB with equal scales are exact integer sums, saturating at both ends")
  func equalScales() throws {
    // With all three scales equal, TFLite's rescaling is exact: y = (a − z) ± (b − z) + z.
    for (type, zero) in [
      (R.uint8, Int64(0)), (R.uint8, 128), (R.uint8, 255), (R.int8, -128), (R.int8, 127),
      (R.int8, 0),
    ] {
      let range = R.range(type)
      let a: [Int32] = [
        range.lowerBound, range.lowerBound + 1, Int32(zero), range.upperBound, range.upperBound - 7,
        Int32(zero),
      ]
      let b: [Int32] = [
        range.lowerBound, range.upperBound, Int32(zero), range.upperBound, range.lowerBound + 3,
        range.lowerBound,
      ]
      for builtin in [Self.add, Self.sub] {
        let got = R.decode(
          try Self.run(
            builtin, type: type, ([6], (0.25, zero), R.encode(a, type)),
            ([6], (0.25, zero), R.encode(b, type)),
            out: (0.25, zero)), type)
        let expected = zip(a, b).map { x, y in
          let z = Int32(zero)
          return min(
            range.upperBound, max(range.lowerBound, builtin == Self.add ? x - z + y : x - y + z))
        }
        #expect(got == expected, "\(builtin) type \(type) zero point \(zero)")
      }
    }
  }

  @Test("MUL with unit scales is the exact product of the offset values, clamped")
  func unitMultiply() throws {
    // A real multiplier of exactly 1 is 2^30 · 2^1 in fixed point, which is exact.
    let a: [Int32] = [0, 1, 2, 255, 128, 130, 100, 200]
    let b: [Int32] = [128, 127, 140, 255, 255, 0, 131, 129]
    let got = R.decode(
      try Self.run(
        Self.mul, type: R.uint8, ([8], (1, 128), R.encode(a, R.uint8)),
        ([8], (1, 128), R.encode(b, R.uint8)),
        out: (1, 10)), R.uint8)
    let expected = zip(a, b).map { min(255, max(0, ($0 - 128) * ($1 - 128) + 10)) }
    #expect(got == expected)
    #expect(got == [10, 137, 0, 255, 10, 0, 0, 82])
  }

  @Test("every fused activation clamps to its quantized range")
  func activations() throws {
    // Output scale 0.5, zero point 100: RELU → [100, 255], RELU_N1_TO_1 → [98, 102],
    // RELU6 → [100, 112]. Inputs span the whole range so every bound is reached.
    let values = R.u8([0, 60, 98, 99, 100, 101, 102, 103, 111, 112, 113, 255])
    for (activation, low, high) in [(Int8(0), 0, 255), (1, 100, 255), (2, 98, 102), (3, 100, 112)] {
      let got = try Self.run(
        Self.add, type: R.uint8, ([12], (0.5, 100), values), ([1], (0.5, 100), R.u8([100])),
        out: (0.5, 100), activation: activation)
      #expect(got == values.map { UInt8(min(high, max(low, Int($0)))) }, "activation \(activation)")
    }
  }

  @Test("MAXIMUM and MINIMUM compare stored values, with broadcasting, on uint8, int8 and int16")
  func maximumMinimum() throws {
    // Quantization parameters are ignored (they may even differ), as in TFLite.
    let a = R.i8([-128, 5, 127, 0, -1, 64])
    let b = R.i8([3, -3])
    let out = try R.run(
      Self.maximum, (39, .table([:])),
      inputs: [
        T("a", type: R.int8, shape: [3, 2], quantization: R.q(0.1, 0)),
        T("b", type: R.int8, shape: [2], quantization: R.q(7, 50)),
      ],
      output: T("y", type: R.int8, shape: [], quantization: R.q(1, -3)), data: [a, b])
    #expect(R.decode(out, R.int8) == [3, 5, 127, 0, 3, 64])
    let low = try R.run(
      Self.minimum, (39, .table([:])),
      inputs: [T("a", type: R.uint8, shape: [2, 1]), T("b", type: R.uint8, shape: [1, 3])],
      output: T("y", type: R.uint8, shape: []), data: [R.u8([0, 200]), R.u8([255, 100, 201])])
    #expect(low == [0, 0, 0, 200, 100, 200])
    let wide = try R.run(
      Self.maximum, (39, .table([:])),
      inputs: [T("a", type: R.int16, shape: [3]), T("b", type: R.int16, shape: [3])],
      output: T("y", type: R.int16, shape: []),
      data: [R.encode([-32768, 300, 7], R.int16), R.encode([-32767, -300, 7], R.int16)])
    #expect(R.decode(wide, R.int16) == [-32767, 300, 7])
  }

  // MARK: Random against the plain reference

  @Test("random shapes, broadcasting, parameters and activations match the plain reference")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0x51A7)
    for round in 0..<150 {
      let builtin = [Self.add, Self.sub, Self.mul, Self.maximum, Self.minimum][round % 5]
      let type = round % 2 == 0 ? R.uint8 : R.int8
      let rank = Int.random(in: 0...4, using: &rng)
      var shapeA = (0..<rank).map { _ in Int.random(in: 1...5, using: &rng) }
      var shapeB = shapeA
      for d in 0..<rank {
        if Int.random(in: 0..<3, using: &rng) == 0 { shapeA[d] = 1 }
        if Int.random(in: 0..<3, using: &rng) == 0 { shapeB[d] = 1 }
      }
      shapeB = Array(shapeB.dropFirst(Int.random(in: 0...rank, using: &rng)))
      if Bool.random(using: &rng) { swap(&shapeA, &shapeB) }
      let qa = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      let qb = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      let qo = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      let activation =
        builtin == Self.maximum || builtin == Self.minimum
        ? Int8(0) : Int8.random(in: 0...3, using: &rng)
      let dataA = R.randomBytes(shapeA.reduce(1, *), type, &rng)
      let dataB = R.randomBytes(shapeB.reduce(1, *), type, &rng)
      let got = try Self.run(
        builtin, type: type, (shapeA, qa, dataA), (shapeB, qb, dataB), out: qo,
        activation: activation,
        threads: 1 + round % 3)
      let (_, pairs) = R.broadcast(shapeA, shapeB)
      let (a, b) = (R.decode(dataA, type), R.decode(dataB, type))
      let expected = pairs.map { i, j in
        Self.reference(
          builtin, type: type, a: a[i], b: b[j], qa: qa, qb: qb, out: qo, activation: activation)
      }
      #expect(R.decode(got, type) == expected, "round \(round): op \(builtin) \(shapeA) \(shapeB)")
    }
  }

  @Test("every pair of stored values, for random parameters, matches the plain reference")
  func exhaustivePairs() throws {
    // a: 256 values down a column, b: 256 values along a row → all 65,536 pairs at once.
    var rng = SplitMix64(seed: 0xFA17)
    let all = (0..<256).map { UInt8($0) }
    for builtin in [Self.add, Self.sub, Self.mul] {
      for type in [R.uint8, R.int8] {
        for _ in 0..<3 {
          let qa = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
          let qb = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
          let qo = (R.randomScale(&rng) * 2, R.randomZeroPoint(type, &rng))
          let activation = Int8.random(in: 0...3, using: &rng)
          let got = R.decode(
            try Self.run(
              builtin, type: type, ([256, 1], qa, all), ([256], qb, all), out: qo,
              activation: activation, threads: 2),
            type)
          let values = R.decode(all, type)
          var expected: [Int32] = []
          expected.reserveCapacity(65536)
          for a in values {
            for b in values {
              expected.append(
                Self.reference(
                  builtin, type: type, a: a, b: b, qa: qa, qb: qb, out: qo, activation: activation))
            }
          }
          #expect(
            got == expected, "op \(builtin) type \(type) \(qa) \(qb) \(qo) activation \(activation)"
          )
        }
      }
    }
  }

  @Test(
    "8-bit MUL, ADD, SUB: every kernel build gives the reference build's bytes, flat and broadcast, with tails",
    arguments: [Self.mul, Self.add, Self.sub])
  func vectorArithmeticOnEveryKernelBuild(builtin: Int32) throws {
    let reference = try #require(KernelSet.available.first { $0.variant == .reference })
    var rng = SplitMix64(seed: 0x3017 + UInt64(builtin))
    // Flat with a tail (1,003 elements), the first operand broadcast along rows, the second
    // along the innermost dimension, a scalar operand, and one large enough to split across
    // threads (34,920 outputs).
    let shapes: [([Int], [Int])] = [
      ([1003], [1003]), ([1, 13], [7, 13]), ([5, 11, 9], [5, 11, 1]), ([21], [1]),
      ([3, 120, 97], [97]),
    ]
    for type in [R.uint8, R.int8] {
      for (shapeA, shapeB) in shapes {
        let a = R.randomBytes(shapeA.reduce(1, *), type, &rng)
        let b = R.randomBytes(shapeB.reduce(1, *), type, &rng)
        let qa = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
        let qb = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
        let qo = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
        let activation = Int8.random(in: 0...3, using: &rng)
        let expected = try Self.run(
          builtin, type: type, (shapeA, qa, a), (shapeB, qb, b), out: qo,
          activation: activation, kernels: reference)
        for kernels in KernelSet.available {
          for threads in [1, 3] {
            let got = try Self.run(
              builtin, type: type, (shapeA, qa, a), (shapeB, qb, b), out: qo,
              activation: activation, threads: threads, kernels: kernels)
            #expect(got == expected, "\(kernels), \(threads) threads, \(shapeA) × \(shapeB)")
          }
        }
      }
    }
  }

  @Test("a large broadcast ADD splits across threads with identical results")
  func threads() throws {
    var rng = SplitMix64(seed: 9)
    let a = R.randomBytes(64 * 40 * 16, R.uint8, &rng)
    let b = R.randomBytes(16, R.uint8, &rng)
    let one = try Self.run(
      Self.add, type: R.uint8, ([64, 40, 16], (0.02, 3), a), ([16], (0.07, 250), b), out: (0.05, 9),
      threads: 1)
    let four = try Self.run(
      Self.add, type: R.uint8, ([64, 40, 16], (0.02, 3), a), ([16], (0.07, 250), b), out: (0.05, 9),
      threads: 4)
    #expect(one == four)
  }

  // MARK: Load-time rejections

  @Test("unsupported types, parameters and options are rejected at load, naming the node")
  func rejections() throws {
    func error(
      _ builtin: Int32, _ type: Int8, a: (Float, Int64)? = (0.1, 0), b: (Float, Int64)? = (0.1, 0),
      out: (Float, Int64)? = (0.1, 0), outType: Int8? = nil, activation: Int8 = 0,
      perChannel: Bool = false
    ) throws -> String {
      let quantization = { (p: (Float, Int64)?) in p.map { R.q($0.0, $0.1) } }
      var first = T("a", type: type, shape: [2, 3], quantization: quantization(a))
      if perChannel { first.quantization = ([0.1, 0.2, 0.3], [0, 0, 0], 1) }
      let tag: UInt8 = builtin == Self.div ? 29 : Self.tag(builtin)
      let failure = try R.loadError(
        builtin, (tag, .table(tag == 39 ? [:] : [0: .int8(activation)])),
        inputs: [first, T("b", type: type, shape: [3], quantization: quantization(b))],
        output: T("y", type: outType ?? type, shape: [], quantization: quantization(out)))
      return "\(failure)"
    }
    #expect(try error(Self.div, R.int16, b: (0.1, 3)).contains("zero point 0"))
    #expect(try error(Self.add, R.int16, a: (0.1, 5)).contains("int16"))
    #expect(try error(Self.mul, R.uint8, outType: R.int8).contains("types must match"))
    #expect(try error(Self.add, R.uint8, b: nil).contains("scale"))
    #expect(try error(Self.sub, R.int8, out: (0, 0)).contains("scale"))
    #expect(try error(Self.add, R.uint8, a: (0.1, 300)).contains("zero point 300"))
    #expect(try error(Self.add, R.int8, b: (0.1, 128)).contains("zero point 128"))
    #expect(try error(Self.mul, R.int8, activation: 4).contains("TANH"))
    #expect(try error(Self.add, R.uint8, perChannel: true).contains("per channel"))
    let shapes = try R.loadError(
      Self.add, (11, .table([:])),
      inputs: [
        T("a", type: R.uint8, shape: [2, 3], quantization: R.q(1, 0)),
        T("b", type: R.uint8, shape: [2], quantization: R.q(1, 0)),
      ],
      output: T("y", type: R.uint8, shape: [], quantization: R.q(1, 0)))
    #expect("\(shapes)".contains("broadcast"))
  }
}
