/// A prepared operator, ready to run: it holds the shapes and parameters it was prepared
/// with and any state computed once at load (e.g. packed weights).
///
/// `run` cannot fail: everything that could go wrong was checked by its factory.
protocol Kernel: SendableMetatype {
  /// The file that declares the kernel type (`#filePath`, written in that file as
  /// `static let sourceFile = #filePath`): what the operator catalog names as its source.
  static var sourceFile: String { get }
  /// Bytes of scratch memory the kernel needs while it runs (from the arena; 0 if none).
  var scratchBytes: Int { get }
  /// Bytes of scratch each thread of the pool needs while the kernel runs (0 if none): one
  /// arena region, shared by every node that asks and kept for the whole run, holds a part per
  /// thread that only that thread writes, so its lines stay in that thread's caches from one
  /// operator to the next (memory that nodes share in turn would pass them between cores).
  var threadScratchBytes: Int { get }
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
  var threadScratchBytes: Int { 0 }
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
  /// The threads' scratch (``Kernel/threadScratchBytes`` or more per thread): thread 0's part,
  /// and the distance between parts (nil when no node asked for any).
  let threadScratch: (base: UnsafeMutableRawPointer, stride: Int)?
  /// Threads to split work over.
  let pool: ThreadPool
  /// Where a kernel that can fail while running (control flow, variables) records it.
  let status: RunStatus

  /// Input `position` as typed elements.
  func input<T>(_ position: Int, as: T.Type) -> UnsafePointer<T> {
    // Inputs are present for every position a kernel reads (its factory checked).
    inputs[position].unsafelyUnwrapped.assumingMemoryBound(to: T.self)
  }

  /// Thread `thread`'s part of the threads' scratch, 64-byte aligned.
  func threadScratch(_ thread: Int) -> UnsafeMutableRawPointer? {
    threadScratch.map { $0.base + thread * $0.stride }
  }

  /// Output `position` as typed elements.
  func output<T>(_ position: Int, as: T.Type) -> UnsafeMutablePointer<T> {
    outputs[position].assumingMemoryBound(to: T.self)
  }
}
