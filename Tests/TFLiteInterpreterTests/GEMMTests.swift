import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The kernel builds and their dispatch (``KernelSet``, ``CPUFeatures``), and the packed GEMM
/// on a dense grid of edge-tile shapes, through FULLY_CONNECTED and 1×1 CONV_2D.
@Suite("GEMM and kernel dispatch")
struct GEMMTests {
  typealias Support = ConvolutionTestSupport

  @Test("CPU features parse from /proc/cpuinfo and decide which builds can run")
  func cpuFeatures() {
    let haswell = CPUFeatures(
      cpuinfo:
        "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu sse2 avx avx2 fma bmi1 bmi2 f16c\nbugs\t\t: none\n"
    )
    #expect(haswell.has("avx2") && haswell.has("fma"))
    #expect(haswell.supportsAVX2)
    #expect(!haswell.supportsAVX512)
    let skylake = CPUFeatures(
      flags: "avx avx2 fma bmi1 bmi2 f16c AVX512F avx512cd avx512bw avx512dq avx512vl".split(
        separator: " "))
    #expect(skylake.supportsAVX512)
    // AVX2 without FMA (some VIA and early AMD parts) cannot run the AVX2 build.
    #expect(!CPUFeatures(flags: ["avx", "avx2", "bmi1", "bmi2", "f16c"]).supportsAVX2)
    #expect(CPUFeatures(cpuinfo: "no flags here\n").flags.isEmpty)
  }

  @Test(
    "the available builds: reference and portable always, AVX ones only where the CPU runs them")
  func availableBuilds() throws {
    let variants = KernelSet.available.map(\.variant)
    #expect(variants.first == .reference)
    #expect(variants.contains(.portable))
    #expect(Set(variants).count == variants.count)
    #expect(KernelSet.available.contains(KernelSet.detected))
    #expect(try #require(KernelSet(.portable)).rowTile >= 1)
    #if arch(x86_64)
      #expect((KernelSet(.avx2) != nil) == CPUFeatures.host.supportsAVX2)
      #expect((KernelSet(.avx512) != nil) == CPUFeatures.host.supportsAVX512)
      #expect((KernelSet(.avx512vnni) != nil) == CPUFeatures.host.supportsVNNI)
      #expect(
        CPUFeatures(flags: ["avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "avx512f", "avx512cd"])
          .supportsVNNI == false)
    #else
      #expect(KernelSet(.avx2) == nil && KernelSet(.avx512) == nil)
      #expect(KernelSet(.avx512vnni) == nil)
    #endif
  }

  @Test("InterpreterOptions choose each interpreter's build; the default is the detected one")
  func optionsChooseBuild() throws {
    let reference = try #require(KernelSet(.reference))
    let portable = try #require(KernelSet(.portable))
    #expect(InterpreterOptions().kernels == KernelSet.detected)
    #expect(InterpreterOptions(threadCount: 2, kernels: reference).kernels == reference)
    // Interpreters of one model on different builds, side by side.
    var generator = SplitMix64(seed: 7)
    let input = Support.randomFloats(5 * 9, &generator)
    let weights = Support.randomFloats(11 * 9, &generator)
    let bias = Support.randomFloats(11, &generator)
    let bytes = Support.fullyConnectedModel(
      inputShape: [5, 9], units: 11, depth: 9, weights: weights, bias: bias, activation: 0)
    let want = Support.fullyConnectedExpected(
      input: input, rows: 5, units: 11, depth: 9, weights: weights, bias: bias, activation: 0)
    for kernels in [reference, portable, KernelSet.detected] {
      let got = try Support.run(bytes, inputs: [input], kernels: kernels)
      Support.expectClose(got.values, want.values, scale: want.scale, "on \(kernels)")
    }
    // Errors pass through unchanged, whatever the build.
    let error = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(
        model: ModelFile(
          bytes: SingleOpModel.build(
            builtin: 9,
            inputs: [
              .float("x", [2, 5]), .float("w", [3, 4], [Float](repeating: 1, count: 12)),
            ], outputs: [.float("y", [])])),
        options: InterpreterOptions(kernels: portable))
    }
    #expect(error.description.contains("FULLY_CONNECTED"))
  }

  @Test(
    "every M × N × K edge-tile combination matches on every build", arguments: KernelSet.available)
  func edgeTiles(kernels: KernelSet) throws {
    var generator = SplitMix64(seed: 42)
    for m in [1, 2, 5, 6, 7, 8, 9, 13, 50] {
      for n in [1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 65] {
        for k in [1, 2, 7, 16, 33] {
          let input = Support.randomFloats(m * k, &generator)
          let weights = Support.randomFloats(n * k, &generator)
          let bias = Support.randomFloats(n, &generator)
          let bytes = Support.fullyConnectedModel(
            inputShape: [m, k], units: n, depth: k, weights: weights, bias: bias, activation: 0)
          let want = Support.fullyConnectedExpected(
            input: input, rows: m, units: n, depth: k, weights: weights, bias: bias,
            activation: 0)
          let got = try Support.run(bytes, inputs: [input], kernels: kernels)
          Support.expectClose(
            got.values, want.values, scale: want.scale, "M \(m) N \(n) K \(k) on \(kernels)")
        }
      }
    }
  }

  @Test("results are bit-identical for 1, 2, 3 and 4 threads", arguments: KernelSet.available)
  func threadCounts(kernels: KernelSet) throws {
    // A 1×1 convolution (direct GEMM), a 3×3 one (im2col) and a depthwise one.
    let cases = [
      Support.Case(
        batch: 2, height: 13, width: 11, inputChannels: 24, outputChannels: 40, filterHeight: 1,
        filterWidth: 1),
      Support.Case(
        height: 15, width: 14, inputChannels: 9, outputChannels: 19, strideHeight: 2,
        strideWidth: 2, activation: 3),
      Support.Case(height: 17, width: 15, inputChannels: 40, activation: 3, multiplier: 1),
    ]
    for (index, c) in cases.enumerated() {
      let (input, filter, bias) = Support.data(c, seed: UInt64(400 + index))
      let bytes = Support.model(c, filter: filter, bias: bias)
      let single = try Support.run(bytes, inputs: [input], kernels: kernels)
      for threads in 2...4 {
        let many = try Support.run(bytes, inputs: [input], kernels: kernels, threads: threads)
        #expect(many.values == single.values, "\(c) with \(threads) threads on \(kernels)")
      }
    }
  }
}
