import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The hybrid kernels' fast path (``HybridGEMM``: exact integer sums on the float GEMM) against
/// their scalar loops (the reference kernel build): every hybrid test model gives the same
/// bytes on every kernel build and thread count.
@Suite("Hybrid kernels: fast path against the scalar reference")
struct HybridKernelTests {
  /// The generated hybrid models (`Tests/Models/hybrid`).
  static let models: [String] = GeneratedModelTests.entries.filter { $0.id.hasPrefix("hybrid/") }
    .map(\.model)

  @Test("every kernel build and thread count matches the reference build", arguments: models)
  func fastPathMatchesReference(_ model: String) throws {
    let base = GeneratedModelTests.folder.appendingPathComponent(model)
    let file = try ModelFile(contentsOfFile: base.path)
    let stem = base.deletingPathExtension().path
    let input = try NumPyArray(
      npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(stem).in0.npy"))))
    func run(_ kernels: KernelSet, threads: Int) throws -> [UInt8] {
      let interpreter = try ModelInterpreter(
        model: file, options: InterpreterOptions(threadCount: threads, kernels: kernels))
      try interpreter.setInput(at: 0, bytes: input.data)
      interpreter.invoke()
      return try interpreter.outputBytes(at: 0)
    }
    guard let reference = KernelSet.available.first(where: { $0.variant == .reference }) else {
      return
    }
    let expected = try run(reference, threads: 1)
    for kernels in KernelSet.available {
      for threads in [1, 3] {
        #expect(try run(kernels, threads: threads) == expected, "\(kernels), \(threads) threads")
      }
    }
  }
}
