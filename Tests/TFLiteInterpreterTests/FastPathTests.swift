import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The fast paths of the hybrid, TRANSPOSE_CONV, BATCH_MATMUL and grouped CONV_2D kernels against
/// their scalar loops (the reference kernel build), on the generated models: the hybrid, 8-bit
/// TRANSPOSE_CONV and integer grouped ones give the same bytes on every kernel build and thread
/// count (their integer sums are exact); float TRANSPOSE_CONV, BATCH_MATMUL and grouped CONV_2D
/// sum in the GEMM's (or the depthwise kernel's) order, so they agree within float rounding, and
/// give the same bytes for any thread count.
@Suite("Fast paths against the scalar reference")
struct FastPathTests {
  /// The generated models whose id starts with `prefix` and contains `part` (any id when
  /// `part` is empty: Foundation's `contains("")` is false).
  static func models(_ prefix: String, _ part: String = "") -> [String] {
    GeneratedModelTests.entries.filter {
      $0.id.hasPrefix(prefix) && (part.isEmpty || $0.id.contains(part)) && $0.error == nil
    }.map(\.model)
  }

  /// Output 0 of `model` on its first saved input, with `kernels` and `threads`.
  static func run(_ model: String, _ kernels: KernelSet, threads: Int) throws -> [UInt8] {
    let base = GeneratedModelTests.folder.appendingPathComponent(model)
    let input = try NumPyArray(
      npyBytes: [UInt8](
        Data(contentsOf: URL(fileURLWithPath: base.deletingPathExtension().path + ".in0.npy"))))
    let interpreter = try ModelInterpreter(
      model: try ModelFile(contentsOfFile: base.path),
      options: InterpreterOptions(threadCount: threads, kernels: kernels))
    try interpreter.setInput(at: 0, bytes: input.data)
    try interpreter.invoke()
    return try interpreter.outputBytes(at: 0)
  }

  /// The reference kernel build.
  static let reference = KernelSet.available.first { $0.variant == .reference }

  @Test(
    "hybrid, 8-bit TRANSPOSE_CONV, integer grouped CONV_2D: every build and thread count gives the reference bytes",
    arguments: models("hybrid/") + models("transpose_conv/", "int8")
      + models("grouped_conv/", "_int") + models("grouped_conv/", "hybrid"))
  func hybridMatchesReference(_ model: String) throws {
    guard let reference = Self.reference else { return }
    let expected = try Self.run(model, reference, threads: 1)
    for kernels in KernelSet.available {
      for threads in [1, 3] {
        #expect(
          try Self.run(model, kernels, threads: threads) == expected,
          "\(kernels), \(threads) threads")
      }
    }
  }

  @Test(
    "float TRANSPOSE_CONV, BATCH_MATMUL, grouped CONV_2D: every kernel build within 1e-6 of the reference",
    arguments: models("transpose_conv/", "float32") + models("matmul/", "float32")
      + models("grouped_conv/", "float32"))
  func transposeConvolutionMatchesReference(_ model: String) throws {
    guard let reference = Self.reference else { return }
    let floats = { (bytes: [UInt8]) in
      bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
    let expected = floats(try Self.run(model, reference, threads: 1))
    let scale = max(1, expected.map(abs).max() ?? 0)
    for kernels in KernelSet.available {
      let single = try Self.run(model, kernels, threads: 1)
      let error = zip(floats(single), expected).map { abs($0 - $1) }.max() ?? 0
      #expect(error / scale <= 1e-6, "\(kernels): relative error \(error / scale)")
      #expect(try Self.run(model, kernels, threads: 3) == single, "\(kernels): 3 threads differ")
    }
  }
}
