/// A node ready to run: its kernel and where its tensors live.
struct PreparedNode {
  /// The node's index in the subgraph.
  let index: Int
  let kernel: any Kernel
  /// The indices of the tensors it writes.
  let outputTensors: [Int]
  private let inputs: UnsafeMutableBufferPointer<UnsafeRawPointer?>
  private let outputs: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>
  private let scratch: UnsafeMutableRawPointer?
  private let threadScratch: (base: UnsafeMutableRawPointer, stride: Int)?

  init(
    index: Int, kernel: any Kernel, inputs: [UnsafeRawPointer?], outputs: [UnsafeMutableRawPointer],
    scratch: UnsafeMutableRawPointer?,
    threadScratch: (base: UnsafeMutableRawPointer, stride: Int)?, outputTensors: [Int]
  ) {
    self.index = index
    self.kernel = kernel
    self.outputTensors = outputTensors
    self.inputs = .allocate(capacity: inputs.count)
    _ = self.inputs.initialize(from: inputs)
    self.outputs = .allocate(capacity: outputs.count)
    _ = self.outputs.initialize(from: outputs)
    self.scratch = scratch
    self.threadScratch = threadScratch
  }

  /// Runs the kernel; a kernel that fails records it in `status`.
  func run(pool: ThreadPool, status: RunStatus) {
    kernel.run(
      KernelIO(
        inputs: UnsafeBufferPointer(inputs), outputs: UnsafeBufferPointer(outputs),
        scratch: scratch, threadScratch: threadScratch, pool: pool, status: status))
  }

  /// Frees the pointer tables (the data they point to belong to the interpreter).
  func deallocate() {
    inputs.deallocate()
    outputs.deallocate()
  }
}
