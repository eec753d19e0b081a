/// A prepared operator, ready to run: it holds the shapes and parameters it was prepared
/// with and any state computed once at load (e.g. packed weights).
///
/// `run` cannot fail: everything that could go wrong was checked by its factory.
protocol Kernel {
  /// Bytes of scratch memory the kernel needs while it runs (from the arena; 0 if none).
  var scratchBytes: Int { get }
  /// False for kernels whose outputs depend only on their inputs' shapes (SHAPE): such nodes
  /// are evaluated at load even when their inputs are activations.
  var readsInputData: Bool { get }
  /// True for kernels that keep or touch state beyond their outputs (variables, control flow):
  /// such nodes are never evaluated at load, even when their inputs are constant.
  var isStateful: Bool { get }
  /// True for kernels whose outputs are known at load without inputs (VAR_HANDLE's handle):
  /// evaluated once at load, their outputs become constants.
  var producesConstants: Bool { get }
  /// Computes the outputs from the inputs.
  func run(_ io: KernelIO)
}

extension Kernel {
  var scratchBytes: Int { 0 }
  var readsInputData: Bool { true }
  var isStateful: Bool { false }
  var producesConstants: Bool { false }
}

/// Where one node's tensors live while it runs.
struct KernelIO {
  /// Input data, in the node's input order; nil for omitted optional inputs.
  let inputs: UnsafeBufferPointer<UnsafeRawPointer?>
  /// Output data, in the node's output order.
  let outputs: UnsafeBufferPointer<UnsafeMutableRawPointer>
  /// Scratch memory of ``Kernel/scratchBytes`` bytes, 64-byte aligned (nil when none was asked).
  let scratch: UnsafeMutableRawPointer?
  /// Threads to split work over.
  let pool: ThreadPool
  /// Where a kernel that can fail while running (control flow, variables) records it.
  let status: RunStatus

  /// Input `position` as typed elements.
  func input<T>(_ position: Int, as: T.Type) -> UnsafePointer<T> {
    // Inputs are present for every position a kernel reads (its factory checked).
    inputs[position].unsafelyUnwrapped.assumingMemoryBound(to: T.self)
  }

  /// Output `position` as typed elements.
  func output<T>(_ position: Int, as: T.Type) -> UnsafeMutablePointer<T> {
    outputs[position].assumingMemoryBound(to: T.self)
  }
}
