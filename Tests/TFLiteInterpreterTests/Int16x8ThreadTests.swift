import TFLiteInterpreter
import Testing

/// The 16x8 kernels (int16 CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, LOGISTIC, RELU,
/// SOFTMAX) split their loops over the thread pool: on every generated int16x8 model, every
/// kernel build and thread count gives the bytes of the reference build on one thread.
@Suite("16x8 kernels: the same bytes on every kernel build and thread count")
struct Int16x8ThreadTests {
  @Test(
    "int16x8: every kernel build and thread count gives the reference bytes",
    arguments: FastPathTests.models("int16x8/"))
  func matchesReference(_ model: String) throws {
    guard let reference = FastPathTests.reference else { return }
    let expected = try FastPathTests.run(model, reference, threads: 1)
    for kernels in KernelSet.available {
      for threads in [1, 2, 3] {
        #expect(
          try FastPathTests.run(model, kernels, threads: threads) == expected,
          "\(kernels), \(threads) threads")
      }
    }
  }
}
