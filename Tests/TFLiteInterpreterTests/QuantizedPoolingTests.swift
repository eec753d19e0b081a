import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// AVERAGE_POOL_2D and MAX_POOL_2D on uint8, int8 and int16, bit-exact with TFLite's
/// reference kernels.
@Suite("Quantized pooling")
struct QuantizedPoolingTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let averagePool: Int32 = 1
  static let maxPool: Int32 = 17
  static let l2Pool: Int32 = 12

  struct Pool {
    var same: Bool
    var stride: (Int, Int)
    var filter: (Int, Int)
    var activation: Int8 = 0

    var options: (UInt8, TestFlatBuffer) {
      (
        5,
        .table([
          0: .int8(same ? 0 : 1), 1: .int32(Int32(stride.1)), 2: .int32(Int32(stride.0)),
          3: .int32(Int32(filter.1)), 4: .int32(Int32(filter.0)), 5: .int8(activation),
        ])
      )
    }
  }

  static func run(
    _ builtin: Int32, _ type: Int8, shape: [Int], q: (Float, Int64), data: [UInt8], pool: Pool,
    threads: Int = 1
  ) throws -> (bytes: [UInt8], shape: [Int]) {
    try R.runShaped(
      builtin, pool.options,
      inputs: [T("x", type: type, shape: shape, quantization: R.q(q.0, q.1))],
      output: T("y", type: type, shape: [], quantization: R.q(q.0, q.1)), data: [data],
      threads: threads)
  }

  /// reference_ops / reference_integer_ops AveragePool and MaxPool, loop for loop.
  static func reference(
    _ builtin: Int32, _ type: Int8, shape: [Int], q: (Float, Int64), values: [Int32], pool: Pool
  ) -> (shape: [Int], values: [Int32]) {
    let (batches, height, width, depth) = (shape[0], shape[1], shape[2], shape[3])
    func axis(_ size: Int, _ filter: Int, _ stride: Int) -> (Int, Int) {
      let out = pool.same ? (size + stride - 1) / stride : (size + stride - filter) / stride
      return (out, max(0, ((out - 1) * stride + filter - size) / 2))
    }
    let (outHeight, padHeight) = axis(height, pool.filter.0, pool.stride.0)
    let (outWidth, padWidth) = axis(width, pool.filter.1, pool.stride.1)
    let (low, high) = R.activationRange(
      pool.activation, scale: q.0, zeroPoint: Int32(q.1), type: type)
    var output: [Int32] = []
    for b in 0..<batches {
      for oy in 0..<outHeight {
        for ox in 0..<outWidth {
          for c in 0..<depth {
            let inX = ox * pool.stride.1 - padWidth
            let inY = oy * pool.stride.0 - padHeight
            let xStart = max(0, -inX)
            let xEnd = min(pool.filter.1, width - inX)
            let yStart = max(0, -inY)
            let yEnd = min(pool.filter.0, height - inY)
            var acc: Int32 = 0
            var count: Int32 = 0
            var largest = R.range(type).lowerBound
            for fy in yStart..<max(yStart, yEnd) {
              for fx in xStart..<max(xStart, xEnd) {
                let v = values[((b * height + inY + fy) * width + inX + fx) * depth + c]
                acc += v
                count += 1
                largest = max(largest, v)
              }
            }
            if builtin == averagePool {
              acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count
              output.append(min(max(acc, low), high))
            } else {
              output.append(min(max(largest, low), high))
            }
          }
        }
      }
    }
    return ([batches, outHeight, outWidth, depth], output)
  }

  @Test("matches LiteRT 2.3.0 BUILTIN_REF outputs for fixed cases")
  func liteRTGoldens() throws {
    let average = try Self.run(
      Self.averagePool, R.uint8, shape: [1, 3, 3, 2], q: (0.1, 3),
      data: R.u8([0, 255, 10, 200, 20, 100, 30, 50, 40, 1, 50, 2, 60, 3, 70, 4, 80, 5]),
      pool: Pool(same: true, stride: (2, 2), filter: (2, 2), activation: 3))
    #expect(average.bytes == [20, 63, 35, 51, 63, 4, 63, 5])
    #expect(average.shape == [1, 2, 2, 2])
    let signed = try Self.run(
      Self.averagePool, R.int8, shape: [1, 2, 3, 1], q: (0.5, 0),
      data: R.i8([-128, -127, -2, 3, -1, -1]),
      pool: Pool(same: false, stride: (1, 1), filter: (2, 2)))
    #expect(signed.bytes == [193, 223])
    let maximum = try Self.run(
      Self.maxPool, R.int8, shape: [1, 2, 3, 1], q: (0.5, -100),
      data: R.i8([-128, -127, -2, -120, -101, -110]),
      pool: Pool(same: true, stride: (2, 2), filter: (2, 2), activation: 1))
    #expect(maximum.bytes == [156, 254])
  }

  @Test("averages round half away from zero on both signs")
  func rounding() throws {
    // Windows of two cells: sums 3, −3, 1, −1, −255 → 2, −2, 1, −1, −128 (÷2, ties away from 0).
    let got = try Self.run(
      Self.averagePool, R.int8, shape: [1, 1, 10, 1], q: (1, 0),
      data: R.i8([1, 2, -1, -2, 0, 1, 0, -1, -127, -128]),
      pool: Pool(same: false, stride: (1, 2), filter: (1, 2)))
    #expect(R.decode(got.bytes, R.int8) == [2, -2, 1, -1, -128])
    // uint8: (250 + 255 + 1) / 2 = 253; SAME padding counts only cells inside.
    let unsigned = try Self.run(
      Self.averagePool, R.uint8, shape: [1, 1, 3, 1], q: (1, 0), data: R.u8([250, 255, 7]),
      pool: Pool(same: true, stride: (1, 2), filter: (1, 2)))
    #expect(unsigned.bytes == [253, 7])
  }

  @Test("every fused activation clamps the pooled value")
  func activations() throws {
    // Scale 0.5, zero point 120: RELU → [120, 255], RELU_N1_TO_1 → [118, 122], RELU6 → [120, 132].
    let data = R.u8([0, 119, 121, 200])
    for (activation, expected) in [
      (Int8(0), [0, 119, 121, 200]), (1, [120, 120, 121, 200]), (2, [118, 119, 121, 122]),
      (3, [120, 120, 121, 132]),
    ] {
      for builtin in [Self.averagePool, Self.maxPool] {
        let got = try R.run(
          builtin, Pool(same: true, stride: (1, 1), filter: (1, 1), activation: activation).options,
          inputs: [T("x", type: R.uint8, shape: [1, 1, 4, 1], quantization: R.q(0.5, 120))],
          output: T("y", type: R.uint8, shape: [], quantization: R.q(0.5, 120)), data: [data])
        #expect(got == R.u8(expected), "builtin \(builtin) activation \(activation)")
      }
    }
  }

  @Test("random shapes, windows, strides, paddings and activations match the reference loops")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0x9001)
    for round in 0..<120 {
      let type = [R.uint8, R.int8, R.int16][round % 3]
      let builtin = round % 2 == 0 ? Self.averagePool : Self.maxPool
      let shape = [
        Int.random(in: 1...2, using: &rng), Int.random(in: 1...8, using: &rng),
        Int.random(in: 1...8, using: &rng), Int.random(in: 1...19, using: &rng),
      ]
      var pool = Pool(
        same: Bool.random(using: &rng),
        stride: (Int.random(in: 1...3, using: &rng), Int.random(in: 1...3, using: &rng)),
        filter: (Int.random(in: 1...4, using: &rng), Int.random(in: 1...4, using: &rng)),
        activation: Int8.random(in: 0...3, using: &rng))
      if !pool.same { pool.filter = (min(pool.filter.0, shape[1]), min(pool.filter.1, shape[2])) }
      let q = (R.randomScale(&rng), type == R.int16 ? Int64(0) : R.randomZeroPoint(type, &rng))
      let data = R.randomBytes(shape.reduce(1, *), type, &rng)
      let got = try Self.run(
        builtin, type, shape: shape, q: q, data: data, pool: pool, threads: 1 + round % 3)
      let expected = Self.reference(
        builtin, type, shape: shape, q: q, values: R.decode(data, type), pool: pool)
      #expect(got.shape == expected.shape, "round \(round)")
      #expect(R.decode(got.bytes, type) == expected.values, "round \(round)")
    }
  }

  @Test("a global 7×7 average over 1280 channels (MobileNet V2's head) matches the reference")
  func globalAverage() throws {
    var rng = SplitMix64(seed: 5)
    let shape = [1, 7, 7, 1280]
    let data = R.randomBytes(shape.reduce(1, *), R.uint8, &rng)
    let pool = Pool(same: false, stride: (2, 2), filter: (7, 7))
    let got = try Self.run(
      Self.averagePool, R.uint8, shape: shape, q: (0.0235, 0), data: data, pool: pool, threads: 2)
    let expected = Self.reference(
      Self.averagePool, R.uint8, shape: shape, q: (0.0235, 0), values: R.decode(data, R.uint8),
      pool: pool)
    #expect(got.shape == [1, 1, 1, 1280])
    #expect(R.decode(got.bytes, R.uint8) == expected.values)
  }

  @Test("quantized L2 pooling, TANH and activations without a scale are rejected at load")
  func rejections() throws {
    let pool = Pool(same: true, stride: (1, 1), filter: (2, 2))
    func error(_ builtin: Int32, _ type: Int8, q: (Float, Int64)?, activation: Int8 = 0) throws
      -> String
    {
      var options = pool
      options.activation = activation
      let failure = try R.loadError(
        builtin, options.options,
        inputs: [T("x", type: type, shape: [1, 2, 2, 1], quantization: q.map { R.q($0.0, $0.1) })],
        output: T("y", type: type, shape: [], quantization: q.map { R.q($0.0, $0.1) }))
      return "\(failure)"
    }
    #expect(try error(Self.l2Pool, R.uint8, q: (0.5, 0)).contains("only float32"))
    #expect(try error(Self.maxPool, R.int8, q: (0.5, 0), activation: 4).contains("TANH"))
    #expect(try error(Self.averagePool, R.uint8, q: nil, activation: 1).contains("scale"))
    #expect(try error(Self.averagePool, R.int32, q: (0.5, 0)).contains("int32"))
  }
}
