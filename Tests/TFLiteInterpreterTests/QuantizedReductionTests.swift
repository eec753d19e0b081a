import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// MEAN, SUM, REDUCE_MAX and REDUCE_MIN on uint8, int8 and int16, bit-exact with TFLite's
/// reference `QuantizedMeanOrSum` and `ReduceGeneric`.
@Suite("Quantized reductions")
struct QuantizedReductionTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let mean: Int32 = 40
  static let sum: Int32 = 74
  static let reduceMax: Int32 = 82
  static let reduceMin: Int32 = 89

  static func run(
    _ builtin: Int32, _ type: Int8, shape: [Int], axes: [Int32], keepDims: Bool,
    q: (Float, Int64), out: (Float, Int64), data: [UInt8], threads: Int = 1
  ) throws -> (bytes: [UInt8], shape: [Int]) {
    try R.runShaped(
      builtin, (27, .table([0: .bool(keepDims)])),
      inputs: [
        T("x", type: type, shape: shape, quantization: R.q(q.0, q.1)),
        .int32("axis", [axes.count], axes),
      ], output: T("y", type: type, shape: [], quantization: R.q(out.0, out.1)), data: [data],
      threads: threads)
  }

  /// reference_ops::QuantizedMeanOrSum / ReduceGeneric: walk every input index, add into the
  /// output it reduces to, then rescale.
  static func reference(
    _ builtin: Int32, _ type: Int8, shape: [Int], axes: [Int32], q: (Float, Int64),
    out: (Float, Int64), values: [Int32]
  ) -> [Int32] {
    let rank = shape.count
    var resolved: [Int] = []
    for axis in axes where rank > 0 {
      let a = axis < 0 ? Int(axis) + rank : Int(axis)
      if !resolved.contains(a) { resolved.append(a) }
    }
    let kept = (0..<rank).filter { !resolved.contains($0) }
    let outputCount = kept.reduce(1) { $0 * shape[$1] }
    let range = R.range(type)
    var accumulators = [Int32](
      repeating: builtin == reduceMax
        ? range.lowerBound : (builtin == reduceMin ? range.upperBound : 0),
      count: outputCount)
    var index = [Int](repeating: 0, count: rank)
    for flat in 0..<values.count {
      var rest = flat
      for d in (0..<rank).reversed() {
        index[d] = rest % shape[d]
        rest /= shape[d]
      }
      let target = kept.reduce(0) { $0 * shape[$1] + index[$1] }
      let v = values[flat]
      switch builtin {
      case reduceMax: accumulators[target] = v > accumulators[target] ? v : accumulators[target]
      case reduceMin: accumulators[target] = v < accumulators[target] ? v : accumulators[target]
      default: accumulators[target] = accumulators[target] &+ v
      }
    }
    if builtin == reduceMax || builtin == reduceMin { return accumulators }
    let count = Int64(resolved.reduce(1) { $0 * shape[$1] })
    var (multiplier, shift) = R.quantizeMultiplier(Double(q.0) / Double(out.0))
    if builtin == mean {
      var extra = 63 - count.leadingZeroBitCount
      extra = min(extra, 32)
      extra = min(extra, 31 + shift)
      multiplier = Int32((Int64(multiplier) << extra) / count)
      shift -= extra
    }
    return accumulators.map { sum in
      let shifted = Int32(truncatingIfNeeded: Int64(sum) - q.1 * count)
      let value = R.multiplyByQuantizedMultiplier(shifted, multiplier, shift) + Int32(out.1)
      return min(max(value, range.lowerBound), range.upperBound)
    }
  }

  @Test("matches LiteRT 2.3.0 BUILTIN_REF outputs for fixed cases")
  func liteRTGoldens() throws {
    let spatial = try Self.run(
      Self.mean, R.uint8, shape: [1, 2, 3, 2], axes: [1, 2], keepDims: true, q: (0.2, 128),
      out: (0.1, 100),
      data: R.u8([0, 255, 1, 254, 128, 127, 3, 9, 200, 201, 255, 0]))
    #expect(spatial.bytes == [40, 126])
    #expect(spatial.shape == [1, 1, 1, 2])
    let signed = try Self.run(
      Self.mean, R.int8, shape: [2, 3], axes: [-1], keepDims: false, q: (0.3, -5), out: (0.25, 3),
      data: R.i8([-128, 127, -1, 0, 5, -7]))
    #expect(signed.bytes == [8, 8])
    #expect(signed.shape == [2])
    let total = try Self.run(
      Self.sum, R.uint8, shape: [3, 2], axes: [0], keepDims: false, q: (0.5, 10), out: (2.0, 0),
      data: R.u8([0, 255, 20, 100, 250, 7]))
    #expect(total.bytes == [60, 83])
  }

  @Test("hand-checked MEAN, SUM, maximum and minimum")
  func handChecked() throws {
    // Equal scales and zero points, four elements: the multiplier becomes 2^30 with shift −1,
    // so the sum is halved twice with rounding each time (TFLite's double rounding): 101 → 51
    // → 26 (not 25.25 → 25), and 3 → 2 → 1. The sum of -3, 4, 100 is 101; of 120, 10
    // saturates at 127.
    let averaged = try Self.run(
      Self.mean, R.uint8, shape: [2, 4], axes: [1], keepDims: false, q: (0.5, 0), out: (0.5, 0),
      data: R.u8([10, 20, 31, 40, 0, 0, 1, 2]))
    #expect(averaged.bytes == [26, 1])
    let summed = try Self.run(
      Self.sum, R.int8, shape: [2, 3], axes: [1], keepDims: true, q: (1, 0), out: (1, 0),
      data: R.i8([-3, 4, 100, 120, 10, 0]))
    // int8 SUM reads signed values (TFLite's reference kernel reads them as uint8).
    #expect(R.decode(summed.bytes, R.int8) == [101, 127])
    #expect(summed.shape == [2, 1])
    let largest = try Self.run(
      Self.reduceMax, R.int8, shape: [2, 2], axes: [0], keepDims: false, q: (0.5, 1), out: (0.5, 1),
      data: R.i8([-128, 5, -127, -9]))
    #expect(R.decode(largest.bytes, R.int8) == [-127, 5])
    let smallest = try Self.run(
      Self.reduceMin, R.uint8, shape: [3], axes: [], keepDims: false, q: (0.5, 1), out: (0.5, 1),
      data: R.u8([255, 0, 7]))
    #expect(smallest.bytes == [255, 0, 7])
  }

  @Test("random shapes and axis sets match the reference walk, with every zero point edge")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0x3EA7)
    for round in 0..<160 {
      let builtin = [Self.mean, Self.sum, Self.reduceMax, Self.reduceMin][round % 4]
      let type = [R.uint8, R.int8, R.uint8, R.int16][(round / 4) % 4]
      let rank = Int.random(in: 0...4, using: &rng)
      let shape = (0..<rank).map { _ in Int.random(in: 1...6, using: &rng) }
      let axes =
        rank == 0
        ? []
        : (0..<Int.random(in: 0...rank, using: &rng)).map { _ in
          Int32.random(in: Int32(-rank)..<Int32(rank), using: &rng)
        }
      var q = (R.randomScale(&rng), type == R.int16 ? Int64(0) : R.randomZeroPoint(type, &rng))
      var out = (R.randomScale(&rng), type == R.int16 ? Int64(0) : R.randomZeroPoint(type, &rng))
      if builtin == Self.reduceMax || builtin == Self.reduceMin { out = q }
      if builtin == Self.sum { out.0 *= 16 }
      if round % 9 == 0 { q.0 = out.0 }
      let data = R.randomBytes(shape.reduce(1, *), type, &rng)
      let got = try Self.run(
        builtin, type, shape: shape, axes: axes, keepDims: Bool.random(using: &rng), q: q, out: out,
        data: data,
        threads: 1 + round % 3)
      let expected = Self.reference(
        builtin, type, shape: shape, axes: axes, q: q, out: out, values: R.decode(data, type))
      #expect(R.decode(got.bytes, type) == expected, "round \(round): \(builtin) \(shape) \(axes)")
    }
  }

  @Test("a large spatial MEAN splits across threads with identical results")
  func threads() throws {
    var rng = SplitMix64(seed: 77)
    let shape = [4, 17, 19, 33]
    let data = R.randomBytes(shape.reduce(1, *), R.int8, &rng)
    let one = try Self.run(
      Self.mean, R.int8, shape: shape, axes: [1, 2], keepDims: true, q: (0.1, -7), out: (0.05, 3),
      data: data)
    let three = try Self.run(
      Self.mean, R.int8, shape: shape, axes: [1, 2], keepDims: true, q: (0.1, -7), out: (0.05, 3),
      data: data, threads: 3)
    #expect(one.bytes == three.bytes)
    let expected = Self.reference(
      Self.mean, R.int8, shape: shape, axes: [1, 2], q: (0.1, -7), out: (0.05, 3),
      values: R.decode(data, R.int8))
    #expect(R.decode(one.bytes, R.int8) == expected)
  }

  @Test(
    "8-bit MEAN and SUM over the pixels of many channels (the column-sum kernel) match the reference walk",
    arguments: [R.uint8, R.int8])
  func pixelsOfChannels(type: Int8) throws {
    var rng = SplitMix64(seed: type == R.int8 ? 0x9E1 : 0x9E2)
    for (builtin, shape) in [(Self.mean, [1, 7, 9, 48]), (Self.sum, [2, 5, 3, 37])] {
      let q = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      var out = (R.randomScale(&rng), R.randomZeroPoint(type, &rng))
      if builtin == Self.sum { out.0 *= 16 }
      let data = R.randomBytes(shape.reduce(1, *), type, &rng)
      let got = try Self.run(
        builtin, type, shape: shape, axes: [1, 2], keepDims: false, q: q, out: out, data: data)
      let expected = Self.reference(
        builtin, type, shape: shape, axes: [1, 2], q: q, out: out, values: R.decode(data, type))
      #expect(R.decode(got.bytes, type) == expected, "\(builtin) \(shape)")
    }
  }

  @Test("mismatched REDUCE_MAX parameters, int16 zero points and missing scales fail at load")
  func rejections() throws {
    func error(_ builtin: Int32, _ type: Int8, q: (Float, Int64)?, out: (Float, Int64)?) throws
      -> String
    {
      let failure = try R.loadError(
        builtin, (27, .table([:])),
        inputs: [
          T("x", type: type, shape: [2, 2], quantization: q.map { R.q($0.0, $0.1) }),
          .int32("axis", [1], [0]),
        ],
        output: T("y", type: type, shape: [], quantization: out.map { R.q($0.0, $0.1) }))
      return "\(failure)"
    }
    #expect(
      try error(Self.reduceMax, R.uint8, q: (0.5, 3), out: (0.5, 4)).contains("quantized alike"))
    #expect(
      try error(Self.mean, R.int16, q: (0.5, 1), out: (0.5, 0)).contains("zero points must be 0"))
    #expect(try error(Self.mean, R.uint8, q: nil, out: (0.5, 0)).contains("scale"))
    #expect(try error(Self.sum, R.int8, q: (0.5, 0), out: (0, 0)).contains("scale"))
  }
}
