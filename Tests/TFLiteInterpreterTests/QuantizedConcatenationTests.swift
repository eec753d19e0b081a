import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// CONCATENATION of uint8 (and int8) inputs quantized differently from the output, requantized
/// as TFLite's reference `ConcatenationWithScaling`.
@Suite("Quantized concatenation")
struct QuantizedConcatenationTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let concatenation: Int32 = 2
  static let pack: Int32 = 83

  /// Concatenates `inputs` (shape, scale, zero point, data) along `axis` into an output with
  /// `out`'s parameters.
  static func run(
    _ type: Int8, axis: Int, _ inputs: [(shape: [Int], q: (Float, Int64), data: [UInt8])],
    out: (Float, Int64), threads: Int = 1
  ) throws -> [UInt8] {
    try R.run(
      concatenation, (10, .table([0: .int32(Int32(axis))])),
      inputs: inputs.enumerated().map {
        T("x\($0)", type: type, shape: $1.shape, quantization: R.q($1.q.0, $1.q.1))
      },
      output: T("y", type: type, shape: [], quantization: R.q(out.0, out.1)),
      data: inputs.map(\.data), threads: threads)
  }

  /// `ConcatenationWithScaling`'s element formula, in float as upstream writes it.
  static func requantize(_ value: Int32, from: (Float, Int64), to: (Float, Int64), type: Int8)
    -> Int32
  {
    if from.0 == to.0 && from.1 == to.1 { return value }
    let inverse: Float = 1 / to.0
    let scale: Float = from.0 * inverse
    let bias: Float = Float(-from.1) * scale
    let product: Float = Float(value) * scale
    let rounded = (product + bias).rounded(.toNearestOrAwayFromZero)
    let integer = abs(rounded) < 2_147_483_648 ? Int32(rounded) : Int32.min
    let range = R.range(type)
    return min(max(integer &+ Int32(to.1), range.lowerBound), range.upperBound)
  }

  @Test("matches LiteRT 2.3.0 BUILTIN_REF on the SSD detector's box concatenation parameters")
  func liteRTGolden() throws {
    let got = try Self.run(
      R.uint8, axis: 1,
      [
        ([1, 2, 2], (0.07902787625789642, 191), R.u8([0, 50, 191, 255])),
        ([1, 1, 2], (0.03145682439208031, 138), R.u8([0, 255])),
        ([1, 3, 2], (0.02005203440785408, 152), R.u8([1, 2, 126, 127, 200, 254])),
      ], out: (0.07902787625789642, 191))
    #expect(got == [0, 50, 191, 255, 136, 238, 153, 153, 184, 185, 203, 217])
  }

  @Test("inputs quantized like the output are copied; others rescale, ties away from zero")
  func handChecked() throws {
    // Input scale 0.5 into output scale 1: q' = round(q / 2), halves away from zero.
    let halves = try Self.run(
      R.uint8, axis: 0,
      [([6], (0.5, 0), R.u8([1, 3, 5, 254, 255, 0])), ([2], (1, 0), R.u8([7, 250]))],
      out: (1, 0))
    #expect(halves == [1, 2, 3, 127, 128, 0, 7, 250])
    let signed = try Self.run(
      R.int8, axis: 0, [([5], (0.5, 0), R.i8([-1, -3, -128, 127, 2]))], out: (1, 0))
    #expect(R.decode(signed, R.int8) == [-1, -2, -64, 64, 1])
    // Zero points move: q' = (q − 10) · 2 + 20, saturating at both ends.
    let shifted = try Self.run(
      R.uint8, axis: 0, [([5], (0.5, 10), R.u8([0, 10, 11, 127, 255]))], out: (0.25, 20))
    #expect(shifted == [0, 20, 22, 254, 255])
  }

  @Test("saturates at both ends for uint8 and int8, and handles zero points 0, 128, 255, −128, 127")
  func saturation() throws {
    for (type, zeros) in [(R.uint8, [Int64(0), 128, 255]), (R.int8, [-128, 0, 127])] {
      let range = R.range(type)
      let values: [Int32] = [
        range.lowerBound, range.lowerBound + 1, 0, 1, range.upperBound - 1, range.upperBound,
      ]
      .map { min(max($0, range.lowerBound), range.upperBound) }
      for inputZero in zeros {
        for outputZero in zeros {
          let from: (Float, Int64) = (0.8, inputZero)
          let to: (Float, Int64) = (0.05, outputZero)
          let got = try Self.run(
            type, axis: 0, [([values.count], from, R.encode(values, type))], out: to)
          let expected = values.map { Self.requantize($0, from: from, to: to, type: type) }
          #expect(R.decode(got, type) == expected)
          // A 16× finer output saturates everything but values near the zero point.
          #expect(expected.first == range.lowerBound || expected.first == Int32(outputZero))
          #expect(expected.last == range.upperBound || expected.last == Int32(outputZero))
        }
      }
    }
  }

  @Test("random shapes, axes and parameters match the float reference formula")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0xC0CA7)
    for round in 0..<80 {
      let type = round % 4 == 3 ? R.int8 : R.uint8
      let rank = Int.random(in: 1...4, using: &rng)
      let base = (0..<rank).map { _ in Int.random(in: 1...4, using: &rng) }
      let axis = Int.random(in: 0..<rank, using: &rng)
      let out = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      var inputs: [(shape: [Int], q: (Float, Int64), data: [UInt8])] = []
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        var shape = base
        shape[axis] = Int.random(in: 1...3, using: &rng)
        let q =
          Bool.random(using: &rng) ? out : (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
        inputs.append((shape, q, R.randomBytes(shape.reduce(1, *), type, &rng)))
      }
      let got = try Self.run(
        type, axis: Bool.random(using: &rng) ? axis - rank : axis, inputs, out: out,
        threads: 1 + round % 3)
      // Outer rows (dimensions before the axis), then each input's block in turn.
      let outer = base[..<axis].reduce(1, *)
      var expected: [Int32] = []
      for row in 0..<outer {
        for input in inputs {
          let block = input.shape[axis...].reduce(1, *)
          let values = R.decode(Array(input.data[(row * block)..<((row + 1) * block)]), type)
          expected += values.map { Self.requantize($0, from: input.q, to: out, type: type) }
        }
      }
      #expect(R.decode(got, type) == expected, "round \(round)")
    }
  }

  @Test("PACK and int16 inputs must still share the output's parameters")
  func rejections() throws {
    let pack = try R.loadError(
      Self.pack, (59, .table([0: .int32(2), 1: .int32(0)])),
      inputs: [
        T("a", type: R.uint8, shape: [2], quantization: R.q(0.5, 3)),
        T("b", type: R.uint8, shape: [2], quantization: R.q(0.5, 4)),
      ], output: T("y", type: R.uint8, shape: [], quantization: R.q(0.5, 3)))
    #expect("\(pack)".contains("requantization is not supported"))
    let wide = try R.loadError(
      Self.concatenation, (10, .table([0: .int32(0)])),
      inputs: [
        T("a", type: R.int16, shape: [2], quantization: R.q(0.5, 0)),
        T("b", type: R.int16, shape: [2], quantization: R.q(0.25, 0)),
      ], output: T("y", type: R.int16, shape: [], quantization: R.q(0.5, 0)))
    #expect("\(wide)".contains("requantization is not supported"))
    let zeroScale = try R.loadError(
      Self.concatenation, (10, .table([0: .int32(0)])),
      inputs: [T("a", type: R.uint8, shape: [2], quantization: R.q(0.5, 0))],
      output: T("y", type: R.uint8, shape: [], quantization: R.q(0, 0)))
    #expect("\(zeroScale)".contains("cannot be requantized"))
  }
}
