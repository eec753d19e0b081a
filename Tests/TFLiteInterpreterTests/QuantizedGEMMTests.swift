import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The integer GEMM on the float micro-kernel (exact float sums converted to Int32 every chunk
/// of K, then requantized), through 1×1 CONV_2D and FULLY_CONNECTED, on a grid of edge-tile
/// shapes and of K around the chunk length, on every kernel build.
@Suite("Quantized GEMM")
struct QuantizedGEMMTests {
  typealias Support = QuantizedConvolutionSupportTests

  /// A 1×1 convolution of `m` pixels, `k` input and `n` output channels with random bytes.
  static func pointwise(
    m: Int, n: Int, k: Int, signed: Bool, perChannel: Bool, _ g: inout SplitMix64
  ) -> Support.Case {
    var c = Support.Case()
    c.signed = signed
    c.height = 1
    c.width = m
    c.inputChannels = k
    c.outputChannels = n
    c.filterHeight = 1
    c.filterWidth = 1
    c.inputScale = 0.02
    c.inputZero = signed ? -128 : 0
    c.filterScales = perChannel ? (0..<n).map { Float(0.001 * Double($0 % 7 + 1)) } : [0.003]
    c.filterZeros = perChannel ? Array(repeating: 0, count: n) : [signed ? 0 : 255]
    c.input = (0..<m * k).map { _ in UInt8.random(in: 0...255, using: &g) }
    c.filter = (0..<n * k).map { _ in UInt8.random(in: 0...255, using: &g) }
    c.bias = (0..<n).map { _ in Int32.random(in: -50000...50000, using: &g) }
    c.outputScale = Float(0.02 * 0.003 * 60 * Double(k).squareRoot())
    c.outputZero = signed ? 0 : 128
    return c
  }

  @Test("M × N × K edge tiles and K around the chunk length", arguments: [false, true])
  func edgeTiles(signed: Bool) throws {
    var generator = SplitMix64(seed: signed ? 1 : 2)
    // With these zero points the exact-float chunk is 64 (uint8) or 128 (int8) steps of K.
    for m in [1, 2, 5, 6, 7, 8, 9, 13, 49] {
      for n in [1, 7, 8, 9, 16, 17, 33] {
        for k in [1, 63, 64, 65, 128, 129, 300] where m * n * k <= 49 * 33 * 129 {
          try Support.check(
            Self.pointwise(
              m: m, n: n, k: k, signed: signed, perChannel: signed && n > 8, &generator))
        }
      }
    }
  }

  @Test("fully-connected rows × units × depth, including one row (matrix–vector)")
  func fullyConnectedShapes() throws {
    var generator = SplitMix64(seed: 3)
    for rows in [1, 3, 6, 17] {
      for units in [1, 15, 16, 100] {
        for depth in [1, 64, 65, 257] {
          var c = Self.pointwise(
            m: rows, n: units, k: depth, signed: units % 2 == 0, perChannel: units == 100,
            &generator)
          c.kind = .fullyConnected
          c.batch = rows
          try Support.check(c)
        }
      }
    }
  }

  @Test("accumulators wrap around Int32 as TFLite's int32 accumulator does")
  func wrapping() throws {
    var generator = SplitMix64(seed: 4)
    var c = Self.pointwise(m: 6, n: 16, k: 300, signed: false, perChannel: false, &generator)
    c.input = Array(repeating: 255, count: c.input.count)
    c.filter = Array(repeating: 0, count: c.filter.count)
    // Each sum is 300 × 255 × −255; biases near Int32.min make it wrap to large positives.
    c.bias = (0..<16).map { Int32.min + Int32($0) * 1_000_000 }
    try Support.check(c)
  }

  @Test("one thread and many give identical bytes on large layers")
  func threads() throws {
    var generator = SplitMix64(seed: 6)
    var c = Support.randomCase(.convolution, signed: true, &generator)
    c.height = 40
    c.width = 37
    c.inputChannels = 24
    c.outputChannels = 40
    c.filterHeight = 3
    c.filterWidth = 3
    c.input = (0..<c.inputShape.reduce(1, *)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    c.filter = (0..<c.filterShape.reduce(1, *)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    c.bias = (0..<40).map { _ in Int32.random(in: -9000...9000, using: &generator) }
    c.filterScales = c.filterScales.count > 1 ? Array(repeating: 0.002, count: 40) : [0.002]
    c.filterZeros = Array(repeating: 0, count: c.filterScales.count)
    c.outputScale = c.inputScale * 0.002 * 400
    let model = Support.model(c)
    let want = Support.expected(c)
    for kernels in KernelSet.available where kernels.variant != .reference {
      for threads in [1, 2, 4] {
        let got = try Support.run(model, inputs: [c.input], kernels: kernels, threads: threads)
        Support.expectEqual(got.bytes, want, "\(kernels), \(threads) threads", #_sourceLocation)
      }
    }
  }
}
