import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Hybrid CONV_2D and DEPTHWISE_CONV_2D (float activations, int8 weights) with more than 16 output channels, so that
/// the vector epilogue (16 channels at a time, then a scalar tail) runs: every kernel build and
/// thread count gives the reference build's bytes.
@Suite("Hybrid convolutions with wide outputs")
struct HybridWideConvolutionTests {
  typealias T = SingleOpModel.Tensor

  /// A `size × size` SAME convolution of `channels` outputs from 20 inputs with RELU6,
  /// per-channel or per-tensor weight scales, and a bias, over `batch` images.
  static func model(
    channels: Int, perChannel: Bool, seed: UInt64, size: Int = 3, batch: Int = 1
  ) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let weights = (0..<(channels * size * size * 20)).map { _ in
      UInt8(bitPattern: Int8.random(in: -127...127, using: &random))
    }
    let scales = (0..<(perChannel ? channels : 1)).map { _ in
      Float.random(in: 0.001...0.05, using: &random)
    }
    let filter = T(
      "filter", type: 9, shape: [channels, size, size, 20], data: weights,
      quantization: (scales, scales.map { _ in 0 }, 0))
    let bias = T.float("bias", [channels], (0..<channels).map { Float($0) * 0.25 - 2 })
    let input = T.float("input", [batch, 6, 7, 20])
    let output = T.float("output", [batch, 6, 7, channels])
    return SingleOpModel.build(
      builtin: 3,
      options: (1, .table([0: .int8(0), 1: .int32(1), 2: .int32(1), 3: .int8(3)])),
      inputs: [input, filter, bias], outputs: [output])
  }

  /// A 3×3 SAME depthwise convolution over `channels` inputs (multiplier 1) with RELU,
  /// per-channel weight scales and a bias.
  static func depthwiseModel(channels: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let weights = (0..<(channels * 9)).map { _ in
      UInt8(bitPattern: Int8.random(in: -127...127, using: &random))
    }
    let scales = (0..<channels).map { _ in Float.random(in: 0.001...0.05, using: &random) }
    let filter = T(
      "filter", type: 9, shape: [1, 3, 3, channels], data: weights,
      quantization: (scales, scales.map { _ in 0 }, 3))
    let bias = T.float("bias", [channels], (0..<channels).map { Float($0) * 0.1 - 1 })
    let input = T.float("input", [1, 6, 7, channels])
    let output = T.float("output", [1, 6, 7, channels])
    return SingleOpModel.build(
      builtin: 4,
      options: (
        2, .table([0: .int8(0), 1: .int32(1), 2: .int32(1), 3: .int32(1), 4: .int8(1)])
      ),
      inputs: [input, filter, bias], outputs: [output])
  }

  @Test(
    "every build and thread count equals the reference",
    arguments: [
      (20, true, false), (32, true, false), (40, false, false), (20, true, true),
      (48, true, true),
    ])
  func matchesReference(channels: Int, perChannel: Bool, depthwise: Bool) throws {
    let model =
      depthwise
      ? Self.depthwiseModel(channels: channels, seed: UInt64(channels))
      : Self.model(channels: channels, perChannel: perChannel, seed: UInt64(channels))
    let inputChannels = depthwise ? channels : 20
    var random = SplitMix64(seed: 0x4B1D)
    let input = (0..<(6 * 7 * inputChannels)).map { _ in Float.random(in: -3...3, using: &random) }
    func run(_ kernels: KernelSet, threads: Int) throws -> [UInt8] {
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: model),
        options: InterpreterOptions(threadCount: threads, kernels: kernels))
      try interpreter.setInput(at: 0, floats: input)
      try interpreter.invoke()
      return try interpreter.outputBytes(at: 0)
    }
    let reference = try #require(KernelSet.available.first { $0.variant == .reference })
    let expected = try run(reference, threads: 1)
    #expect(expected.contains { $0 != 0 })
    for kernels in KernelSet.available {
      for threads in [1, 2] {
        #expect(try run(kernels, threads: threads) == expected, "\(kernels), \(threads) threads")
      }
    }
  }

  @Test(
    "1×1 convolutions read the quantized input rows in place: every build and thread count equals the reference",
    arguments: [(24, true, 1), (40, false, 2), (16, true, 3)])
  func pointwise(channels: Int, perChannel: Bool, batch: Int) throws {
    let model = Self.model(
      channels: channels, perChannel: perChannel, seed: UInt64(channels), size: 1, batch: batch)
    var random = SplitMix64(seed: 0x1B1D)
    // Each image its own range, so each has its own zero point.
    let input = (0..<(batch * 6 * 7 * 20)).map { index in
      Float.random(in: -3...3, using: &random) + Float(index / (6 * 7 * 20))
    }
    func run(_ kernels: KernelSet, threads: Int) throws -> [UInt8] {
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: model),
        options: InterpreterOptions(threadCount: threads, kernels: kernels))
      try interpreter.setInput(at: 0, floats: input)
      try interpreter.invoke()
      return try interpreter.outputBytes(at: 0)
    }
    let reference = try #require(KernelSet.available.first { $0.variant == .reference })
    let expected = try run(reference, threads: 1)
    #expect(expected.contains { $0 != 0 })
    for kernels in KernelSet.available {
      for threads in [1, 2] {
        #expect(try run(kernels, threads: threads) == expected, "\(kernels), \(threads) threads")
      }
    }
  }
}
