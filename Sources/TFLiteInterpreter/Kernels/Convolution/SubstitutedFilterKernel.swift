import TFLiteModel

/// Runs another kernel with input 1 replaced by filter data this kernel owns: a grouped
/// CONV_2D whose groups are its input channels runs as the DEPTHWISE_CONV_2D it is, on its
/// filter transposed at load (``GroupedConvolution``).
final class SubstitutedFilterKernel: Kernel {
  static let sourceFile = #filePath
  private let inner: any Kernel
  /// The filter the inner kernel reads as input 1 (kept alive with this kernel).
  private let filter: ModelBytes

  init(_ inner: any Kernel, filter: ModelBytes) {
    self.inner = inner
    self.filter = filter
  }

  var scratchBytes: Int { inner.scratchBytes }
  var threadScratchBytes: Int { inner.threadScratchBytes }

  func run(_ io: KernelIO) {
    let data = filter.withUnsafeBytes { $0.baseAddress }
    withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: io.inputs.count) {
      inputs in
      for position in io.inputs.indices {
        inputs[position] = position == 1 ? data : io.inputs[position]
      }
      inner.run(
        KernelIO(
          inputs: UnsafeBufferPointer(inputs), outputs: io.outputs, scratch: io.scratch,
          threadScratch: io.threadScratch, pool: io.pool, status: io.status))
    }
  }
}
